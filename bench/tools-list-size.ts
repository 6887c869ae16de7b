import { BENCH_API_TOKEN, buildDemoApp } from './demo-app.js';
import { formatTable } from './format-table.js';

/** Targets (issue 22): what a model reads of each tool, and each tool's whole entry, on average. */
const MODEL_READ_TARGET = 600;
const WHOLE_TARGET = 1500;

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * What `tools/list` puts in a model's context on every conversation (POST /mcp, as a client asks):
 * per tool, the name, description and inputSchema a model reads, and the whole entry (with outputSchema,
 * title and annotations).
 */
export async function benchToolsListSize() {
  const { app, close } = await buildDemoApp();
  const res = await app.inject({
    method: 'POST',
    url: '/mcp',
    headers: {
      authorization: `Bearer ${BENCH_API_TOKEN}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  });
  const tools = res.json().result.tools as Array<Record<string, unknown>>;
  const rows = tools.map((t) => {
    const read = bytes({ name: t.name, description: t.description, inputSchema: t.inputSchema });
    return [
      String(t.name),
      read,
      bytes(t.description),
      bytes(t.inputSchema),
      bytes(t.outputSchema),
      bytes(t),
    ];
  });
  const avg = (col: number) => Math.round(rows.reduce((s, r) => s + Number(r[col]), 0) / rows.length);
  console.log('\n## tools/list size (bytes of JSON; read = name + description + inputSchema)\n');
  console.log(
    formatTable(
      ['tool', 'read B', 'description B', 'inputSchema B', 'outputSchema B', 'whole B'],
      [...rows.map((r) => r.map(String)), ['average', ...[1, 2, 3, 4, 5].map((c) => String(avg(c)))]],
    ),
  );
  const verdict = (value: number, target: number) =>
    `${value} B ${value <= target ? '≤' : '>'} ${target}: ${value <= target ? 'PASS' : 'FAIL'}`;
  console.log(`\n${tools.length} tools, whole list ${bytes(tools)} B`);
  console.log(
    `read per tool ${verdict(avg(1), MODEL_READ_TARGET)}; whole per tool ${verdict(avg(5), WHOLE_TARGET)}`,
  );
  await close();
}

if (import.meta.url === `file://${process.argv[1]}`) await benchToolsListSize();
