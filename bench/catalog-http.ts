import { Agent, request } from 'node:http';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import type { ToolInfo } from '../src/catalog/types.js';
import { defaultConfig } from '../src/config.js';
import { evalFilePath, familyOf, loadEvalCases } from './catalog-eval-data.js';
import { formatTable } from './format-table.js';

const TOKEN = 'bench-catalog-token';
const TOOLS = 500;
const ROUNDS = 5;
const PER_ROUND = 200;

/** 500 real MCP tools (the dev set's LiveMCP pool) when the data is beside the repo, else synthetic ones. */
function benchTools(): { tools: ToolInfo[]; source: string } {
  const pool = loadEvalCases(evalFilePath())?.find((c) => familyOf(c) === 'livemcp')?.tools;
  if (pool && pool.length >= TOOLS)
    return { tools: pool.slice(0, TOOLS), source: 'LiveMCP pool of the dev set' };
  const verbs = ['get', 'list', 'create', 'update', 'delete', 'search', 'send', 'read', 'write', 'run'];
  const nouns = [
    'issue',
    'file',
    'message',
    'event',
    'user',
    'page',
    'repo',
    'ticket',
    'invoice',
    'forecast',
  ];
  const tools = Array.from({ length: TOOLS }, (_, i) => ({
    toolKey: `s${i % 50}:${verbs[i % 10]}_${nouns[Math.floor(i / 10) % 10]}_${i}`,
    toolName: `${verbs[i % 10]}_${nouns[Math.floor(i / 10) % 10]}`,
    serverName: `server-${i % 50}`,
    description: `${verbs[i % 10]} a ${nouns[Math.floor(i / 10) % 10]} in service ${i % 50} with filters and paging`,
  }));
  return { tools, source: 'synthetic' };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function timedRequest(port: number, path: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        method: body ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${TOKEN}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

/** POST /catalog/search with 500 tools, one request at a time, next to a bare Fastify route in the same run. */
export async function benchCatalogHttp() {
  const { tools, source } = benchTools();
  const app = await buildApp({
    config: defaultConfig({ API_TOKENS: TOKEN, LOG_LEVEL: 'warn' }),
    logger: false,
  });
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  const appPort = Number(new URL(await app.listen({ host: '127.0.0.1', port: 0 })).port);
  const barePort = Number(new URL(await bare.listen({ host: '127.0.0.1', port: 0 })).port);
  const query = ['find the latest news about electric cars and save a summary to notes.md'];
  const warmBody = JSON.stringify({ query, tools, maxResults: 10 });
  // A different toolKey each time makes a new tool list, so the index is built for every request.
  const coldBody = (i: number) =>
    JSON.stringify({
      query,
      tools: [{ ...tools[0], toolKey: `cold-${i}` }, ...tools.slice(1)],
      maxResults: 10,
    });
  const samples = { bare: [] as number[], warm: [] as number[], cold: [] as number[] };
  const rounds: Record<keyof typeof samples, number>[] = [];
  let n = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const round = { bare: [] as number[], warm: [] as number[], cold: [] as number[] };
    for (let i = 0; i < PER_ROUND; i++) {
      round.bare.push(await timedRequest(barePort, '/bare'));
      round.warm.push(await timedRequest(appPort, '/catalog/search', warmBody));
      round.cold.push(await timedRequest(appPort, '/catalog/search', coldBody(n++)));
    }
    if (r === 0) continue; // warm-up round: JIT and the index cache
    for (const k of ['bare', 'warm', 'cold'] as const) samples[k].push(...round[k]);
    rounds.push({ bare: median(round.bare), warm: median(round.warm), cold: median(round.cold) });
  }
  const ratio = (k: 'warm' | 'cold') => median(rounds.map((r) => r[k] / r.bare));
  const rows = [
    ['bare Fastify route', median(samples.bare).toFixed(2), p95(samples.bare).toFixed(2), '1.0'],
    [
      'catalog, same tool list (index cached)',
      median(samples.warm).toFixed(2),
      p95(samples.warm).toFixed(2),
      ratio('warm').toFixed(1),
    ],
    [
      'catalog, new tool list each time (cold)',
      median(samples.cold).toFixed(2),
      p95(samples.cold).toFixed(2),
      ratio('cold').toFixed(1),
    ],
  ];
  console.log(`\n## POST /catalog/search over HTTP, ${TOOLS} tools (${source}), one request at a time\n`);
  console.log(
    `body ${Math.round(Buffer.byteLength(warmBody) / 1024)} KB; ${ROUNDS - 1} rounds × ${PER_ROUND} requests after a warm-up round; ratio = median of per-round p50 ratios\n`,
  );
  console.log(formatTable(['request', 'p50 ms', 'p95 ms', 'p50 ÷ bare'], rows));
  const p50 = Math.max(median(samples.warm), median(samples.cold));
  console.log(
    `\ntarget p50 ≤ 10 ms for 500 tools: ${p50 <= 10 ? 'PASS' : 'FAIL'} (worst p50 ${p50.toFixed(2)} ms)`,
  );
  agent.destroy();
  await app.close();
  await bare.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCatalogHttp();
