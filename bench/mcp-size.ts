import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { countTokens } from 'gpt-tokenizer';
import { BENCH_API_TOKEN, buildDemoApp } from './demo-app.js';
import { formatTable } from './format-table.js';

const QUERIES = ['deploy', 'PR', 'incident'];

/**
 * What slack_search_messages costs through MCP (the SDK client over Streamable HTTP, demo workspace,
 * count=20), concise vs response_format=detailed: the structured result a model reads, and the whole
 * JSON-RPC response on the wire (structuredContent plus the same JSON as text content).
 */
export async function benchMcpSize() {
  const { app, close } = await buildDemoApp();
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = { authorization: `Bearer ${BENCH_API_TOKEN}` };
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', base), { requestInit: { headers } }),
  );
  // Bytes on the wire: the same tools/call as a raw POST (the endpoint is stateless, no session needed).
  const wireBytes = async (args: object) => {
    const res = await fetch(new URL('/mcp', base), {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'slack_search_messages', arguments: args },
      }),
    });
    return Buffer.byteLength(await res.text());
  };
  const rows: string[][] = [];
  for (const query of QUERIES) {
    const sizes = [];
    for (const response_format of ['concise', 'detailed']) {
      const args = { query, count: 20, response_format };
      const result = await client.callTool({ name: 'slack_search_messages', arguments: args });
      if (result.isError) throw new Error(`${query} ${response_format}: ${JSON.stringify(result.content)}`);
      const structured = JSON.stringify(result.structuredContent);
      sizes.push(Buffer.byteLength(structured), countTokens(structured), await wireBytes(args));
    }
    // compact: the text item a model reads is the compact text; structuredContent stays concise.
    const compactArgs = { query, count: 20, response_format: 'compact' };
    const compact = await client.callTool({ name: 'slack_search_messages', arguments: compactArgs });
    const text = (compact.content as Array<{ text: string }>)[0].text;
    const [cB, cTok, cWire, dB, dTok, dWire] = sizes;
    const kB = Buffer.byteLength(text);
    rows.push([
      query,
      ...[cB, kB, dB, cTok, countTokens(text), dTok, cWire, await wireBytes(compactArgs), dWire].map(String),
      `${(dB / cB).toFixed(1)}×`,
    ]);
  }
  console.log('\n## slack_search_messages through MCP: concise vs detailed (demo workspace, count=20)\n');
  console.log(
    formatTable(
      [
        'query',
        'concise B',
        'compact text B',
        'detailed B',
        'concise tok',
        'compact tok',
        'detailed tok',
        'concise wire B',
        'compact wire B',
        'detailed wire B',
        'detailed/concise',
      ],
      rows,
    ),
  );
  console.log(
    '\nB = structuredContent as JSON (compact: its text item); wire = the whole JSON-RPC response (structured + text)',
  );
  await client.close();
  await close();
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMcpSize();
