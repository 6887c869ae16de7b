import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface GenerateRequest {
  contents?: Array<{ parts?: Array<{ functionResponse?: { response?: { output?: string } } }> }>;
  tools?: Array<{ functionDeclarations?: Array<{ name: string }> }>;
}

/**
 * A stand-in for the Gemini API (GOOGLE_GEMINI_BASE_URL), so the Gemini CLI runs a prompt offline: it asks
 * for our search tool by the name the CLI gave it, then answers "done". It records what the CLI sent.
 */
export class ModelStandIn {
  /** The MCP tools the CLI offered the model (names with the CLI's server prefix). */
  offered: string[] = [];
  /** The tool's answer the CLI handed back to the model. */
  toolOutput: string | undefined;
  readonly #server: Server;

  constructor() {
    this.#server = createServer((req, res) => {
      let body = '';
      req.on('data', (b) => (body += b));
      req.on('end', () => {
        const answer = this.#answer(req.url ?? '', JSON.parse(body || '{}') as GenerateRequest);
        const json = JSON.stringify({
          candidates: [{ content: { role: 'model', parts: [answer] }, finishReason: 'STOP', index: 0 }],
          usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
        });
        if (req.url?.includes(':streamGenerateContent')) {
          res.writeHead(200, { 'content-type': 'text/event-stream' }).end(`data: ${json}\n\n`);
        } else res.writeHead(200, { 'content-type': 'application/json' }).end(json);
      });
    });
  }

  #answer(url: string, request: GenerateRequest): object {
    // The CLI's model router asks (not streamed) how hard the prompt is.
    if (!url.includes(':streamGenerateContent'))
      return { text: JSON.stringify({ complexity_reasoning: 'one search', complexity_score: 1 }) };
    const names = (request.tools ?? []).flatMap((t) => t.functionDeclarations ?? []).map((d) => d.name);
    this.offered = names.filter((n) => n.startsWith('mcp_'));
    const output = request.contents?.at(-1)?.parts?.find((p) => p.functionResponse)?.functionResponse;
    if (output) {
      this.toolOutput = output.response?.output;
      return { text: 'done' };
    }
    const search = names.find((n) => n.endsWith('slack_search_messages'));
    return search
      ? { functionCall: { name: search, args: { query: 'deploy' } } }
      : { text: 'no search tool' };
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
