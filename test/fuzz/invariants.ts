import { FUZZ_MAX_RESPONSE_BYTES, type FuzzRequest } from './fuzz-harness.js';

interface Tool {
  toolKey: string;
  toolName: string;
  serverName: string;
  description?: string;
}
interface Result extends Tool {
  relevance: number;
}

/**
 * A 200 from POST /catalog/search: results are tools the caller sent, echoed exactly, at most
 * min(maxResults, 100), each once, sorted by relevance.
 */
export function catalogInvariants(request: FuzzRequest, body: Record<string, unknown>): string | undefined {
  const raw = Buffer.isBuffer(request.payload) ? request.payload.toString('utf8') : (request.payload ?? '');
  let sent: { tools: Tool[]; maxResults?: number };
  try {
    sent = JSON.parse(raw);
  } catch {
    return 'answered 200 to a body that is not JSON';
  }
  const byKey = new Map(sent.tools.map((t) => [t.toolKey, t]));
  const results = body.results as Result[];
  const cap = Math.min(sent.maxResults ?? 20, 100);
  if (results.length > cap) return `${results.length} results for maxResults ${sent.maxResults}`;
  if (new Set(results.map((r) => r.toolKey)).size !== results.length) return 'a tool appears twice';
  for (const [i, r] of results.entries()) {
    const tool = byKey.get(r.toolKey);
    if (!tool) return `result ${i} has toolKey ${JSON.stringify(r.toolKey)}, which was not sent`;
    for (const field of ['toolName', 'serverName', 'description'] as const) {
      if (r[field] !== tool[field]) return `result ${i} changed ${field}: ${JSON.stringify(r[field])}`;
    }
    if (i > 0 && r.relevance > results[i - 1].relevance) return `result ${i} is out of order`;
  }
  return undefined;
}

const HIGHLIGHT_MARKERS = /[\ue000\ue001]/;

/** A 200 from a Slack route: within the byte cap, and concise texts free of Slack's highlight markers. */
export function slackInvariants(_request: FuzzRequest, body: Record<string, unknown>): string | undefined {
  const size = Buffer.byteLength(JSON.stringify(body));
  if (size > FUZZ_MAX_RESPONSE_BYTES)
    return `body of ${size} bytes passes the ${FUZZ_MAX_RESPONSE_BYTES} cap`;
  const messages = body.messages as { matches?: unknown[] } | unknown[] | undefined;
  const list = (Array.isArray(messages) ? messages : messages?.matches) ?? [];
  for (const m of list as Array<Record<string, unknown>>) {
    // Concise items are the ones without Slack's own fields.
    const concise = !('score' in m) && !('type' in m);
    if (concise && HIGHLIGHT_MARKERS.test(String(m.text))) return `concise text keeps markers: ${m.text}`;
  }
  return undefined;
}
