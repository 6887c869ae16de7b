import { BENCH_API_TOKEN, buildDemoApp } from './demo-app.js';
import { formatTable } from './format-table.js';

// A cached tool call on each MCP revision /mcp serves (issue 41): slack_search_messages with the same
// arguments (its Slack answer cached after the first), over HTTP on loopback, one call at a time.
// 2025-11-25: a plain POST (the stateless transport); 2026-07-28: the `_meta` envelope and the Mcp-Method /
// Mcp-Name headers the SDK checks. `npx tsx bench/mcp-eras.ts [calls]`.

const CALLS = Number(process.argv[2] ?? 500);
const ARGS = { query: 'deploy', count: 5 };
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const HEADERS = {
  authorization: `Bearer ${BENCH_API_TOKEN}`,
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
};

const ERAS = {
  '2025-11-25': {
    headers: { ...HEADERS, 'mcp-protocol-version': '2025-11-25' },
    params: { name: 'slack_search_messages', arguments: ARGS },
  },
  '2026-07-28': {
    headers: {
      ...HEADERS,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'slack_search_messages',
    },
    params: { _meta: META, name: 'slack_search_messages', arguments: ARGS },
  },
} as const;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export async function benchMcpEras() {
  const { app, close } = await buildDemoApp();
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const call = async (era: keyof typeof ERAS, id: number) => {
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: ERAS[era].headers,
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: ERAS[era].params }),
    });
    const body = await res.json();
    if (res.status !== 200 || body.result?.isError) throw new Error(`${era}: ${JSON.stringify(body)}`);
  };
  const rows: string[][] = [];
  for (const era of Object.keys(ERAS) as (keyof typeof ERAS)[]) {
    for (let i = 0; i < 50; i++) await call(era, i); // warm: the SDK loaded, the Slack answer cached
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      await call(era, i);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push([era, quantile(times, 0.5).toFixed(2), quantile(times, 0.99).toFixed(2)]);
  }
  console.log(`\n## A cached tool call on each MCP revision (slack_search_messages, ${CALLS} calls each)\n`);
  console.log(formatTable(['revision', 'median ms', 'p99 ms'], rows));
  await close();
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMcpEras();
