// Start-up (issue 29): how long after spawn the server answers /healthz and the stdio bin answers
// `initialize`, against a bare Fastify server (one GET /healthz route) on the same machine, in one run:
// rounds interleaved, medians. The built dist/ (production) and the TypeScript sources through tsx (demo,
// tests). Needs `npm run build` first. `npx tsx bench/startup.ts [rounds]`, with the Node to measure first
// on PATH (e.g. Node 24 from the npm registry, as .ci/run installs it).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { DEMO_USER_TOKEN, type FakeSlack, startFakeSlack } from '../fake-slack/index.js';
import { freePort } from '../test/support/redis-server.js';
import { formatTable } from './format-table.js';
import { healthy } from './spawn-server.js';

const ROUNDS = Number(process.argv[2] ?? 7);

const BARE = `import Fastify from 'fastify';
const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

const ENV = { PATH: process.env.PATH, HOST: '127.0.0.1', API_TOKENS: 'bench-token', LOG_LEVEL: 'warn' };

/** Milliseconds from spawn to the first 200 from /healthz (polled every 5 ms). */
async function httpStart(args: string[]): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...ENV, PORT: String(port) }, stdio: 'ignore' });
  try {
    while (!(await healthy(port))) {
      if (performance.now() - started > 20_000) throw new Error(`${args.join(' ')}: no /healthz in 20 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
    return performance.now() - started;
  } finally {
    child.kill('SIGKILL');
  }
}

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
})}\n`;

/** What a client sends next: `initialized`, then tools/list (id 2). */
const LIST_TOOLS = `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n${JSON.stringify(
  {
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/list',
  },
)}\n`;

/**
 * Milliseconds from spawn (initialize written at once, as clients do) to its answer on stdout; with
 * `list`, to the answer of the tools/list sent right after it.
 */
async function stdioStart(args: string[], list = false): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...ENV, SLACK_USER_TOKEN: 'xoxp-bench' },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  child.stdin.write(list ? INITIALIZE + LIST_TOOLS : INITIALIZE);
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (l) => {
        if (!list || l.includes('"id":2')) resolve(l);
      });
      child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}`)));
    });
    if (!line.includes('"result"')) throw new Error(`not answered: ${line.slice(0, 200)}`);
    return performance.now() - started;
  } finally {
    child.kill('SIGKILL');
  }
}

/** Each process, how it is started and its target (× bare Fastify; issue 41), if it has one. */
const CASES: [string, () => Promise<number>, number?][] = [
  ['bare Fastify (node)', () => httpStart(['--input-type=module', '-e', BARE])],
  ['server dist/ (node)', () => httpStart(['dist/server.js']), 1.3],
  ['stdio dist/ initialize (node)', () => stdioStart(['dist/mcp-stdio.js']), 1.1],
  ['stdio dist/ initialize, then tools/list', () => stdioStart(['dist/mcp-stdio.js'], true)],
  ['server src/ (tsx)', () => httpStart(['--import', 'tsx', 'src/server.ts'])],
  ['stdio src/ initialize (tsx)', () => stdioStart(['--import', 'tsx', 'src/mcp-stdio.ts'])],
];

/**
 * What lazy loading moves to the first requests: from spawn, /healthz, then a first search (cold: Slack and
 * the route's compilers) and a first MCP `initialize` (the SDK), against a fake Slack; ms each.
 */
async function firstRequests(dist: string, slack: FakeSlack): Promise<number[]> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [`${dist}/server.js`], {
    env: {
      ...ENV,
      PORT: String(port),
      SLACK_API_URL: slack.url,
      SLACK_USER_TOKEN: DEMO_USER_TOKEN,
      SLACK_SEARCH_BACKEND: 'legacy',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${ENV.API_TOKENS}` };
  const timed = async (path: string, init: RequestInit = {}) => {
    const at = performance.now();
    const res = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...init.headers } });
    await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return performance.now() - at;
  };
  try {
    while (!(await healthy(port))) await new Promise((r) => setTimeout(r, 5));
    const health = performance.now() - started;
    const search = await timed('/search/messages?query=deploy&count=5');
    const mcp = await timed('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: INITIALIZE,
    });
    return [health, search, mcp, performance.now() - started];
  } finally {
    child.kill('SIGKILL');
  }
}

export async function benchStartup() {
  const times = CASES.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, [, run]] of CASES.entries()) times[i]?.push(await run());
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const bare = median(times[0] ?? []);
  console.log(
    `\n## Start-up: spawn to first answer, median of ${ROUNDS} interleaved rounds (${process.version})\n`,
  );
  console.log(
    formatTable(
      ['process', 'median ms', 'min ms', '× bare Fastify', 'target'],
      CASES.map(([name, , target], i) => {
        const xs = times[i] ?? [];
        const ratio = median(xs) / bare;
        const verdict = target === undefined ? '' : `≤ ${target}×: ${ratio <= target ? 'PASS' : 'FAIL'}`;
        return [name, median(xs).toFixed(0), Math.min(...xs).toFixed(0), ratio.toFixed(2), verdict];
      }),
    ),
  );

  // BASE_DIST: another build's dist/ (e.g. of an older commit) to compare with, in the same rounds.
  const dists = ['dist', ...(process.env.BASE_DIST ? [process.env.BASE_DIST] : [])];
  const slack = await startFakeSlack();
  const firsts = dists.map(() => [[], [], [], []] as number[][]);
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, dist] of dists.entries())
        for (const [k, ms] of (await firstRequests(dist, slack)).entries()) firsts[i]?.[k]?.push(ms);
  } finally {
    await slack.close();
  }
  console.log(`\n## After start: the first requests (medians of ${ROUNDS}, ms)\n`);
  console.log(
    formatTable(
      [
        'build',
        '/healthz after spawn',
        'then a first search (cold)',
        'then a first /mcp initialize',
        'spawn to all answered',
      ],
      dists.map((dist, i) => [dist, ...(firsts[i] ?? []).map((xs) => median(xs).toFixed(0))]),
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStartup();
