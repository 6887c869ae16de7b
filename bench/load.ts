// A soak, then throughput and latency of each route against a bare Fastify route in the same run.
// `npm run bench:load`; LOAD_SECONDS (5), LOAD_ROUNDS (3; 0 = the soak only), LOAD_CONNECTIONS (10),
// SOAK_SECONDS (60), SOAK_RATE (200 req/s). Traffic goes to 127.0.0.1 only.
import os from 'node:os';
import autocannon from 'autocannon';
import { DEMO_USER_TOKEN } from '../fake-slack/index.js';
import { formatTable } from './format-table.js';
import { runSoak } from './load-soak.js';
import { AUTH, catalogBody, type LoadTargets, startLoadTargets, THREAD_PATH, warm } from './load-targets.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 5);
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 10);

interface Scenario {
  name: string;
  url: (t: LoadTargets) => string;
  method?: 'GET' | 'POST';
  body?: string;
  /** Every request different (autocannon's `[<id>]`), so every one is a cache miss. */
  unique?: boolean;
  headers?: Record<string, string>;
}

const CATALOG_300 = catalogBody(300);
const SCENARIOS: Scenario[] = [
  { name: 'bare Fastify route (baseline)', url: (t) => `${t.bareUrl}/bare` },
  { name: 'search, cache hit', url: (t) => `${t.appUrl}/search/messages?query=deploy` },
  // `-x<id>` excludes a word no message has: the same matches as `deploy`, a different cache key each time.
  {
    name: 'search, cache miss (fake Slack)',
    url: (t) => `${t.appUrl}/search/messages?query=deploy+-x[<id>]`,
    unique: true,
  },
  // What the fake itself costs per miss: it runs in this process too, so it bounds the row above.
  {
    name: 'fake Slack search.messages alone',
    url: (t) => `${t.slack.url}search.messages`,
    method: 'POST',
    headers: {
      authorization: `Bearer ${DEMO_USER_TOKEN}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'query=deploy+-x[<id>]&count=20&cursor=*&highlight=true&sort=score&sort_dir=desc',
    unique: true,
  },
  { name: 'thread read (40 replies, cache hit)', url: (t) => `${t.appUrl}${THREAD_PATH}` },
  {
    name: 'catalog search, 300 tools',
    url: (t) => `${t.appUrl}/catalog/search`,
    method: 'POST',
    body: CATALOG_300,
  },
];

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(t: LoadTargets, s: Scenario): Promise<Figures> {
  const result = await autocannon({
    url: s.url(t),
    method: s.method ?? 'GET',
    headers: s.headers ?? { ...AUTH, ...(s.body ? { 'content-type': 'application/json' } : {}) },
    body: s.body,
    idReplacement: s.unique ?? false,
    connections: CONNECTIONS,
    duration: SECONDS,
    // The load generator runs on its own thread, so it does not share the server's event loop.
    workers: 1,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

async function runScenarios() {
  const t = await startLoadTargets();
  try {
    await warm(t.app, 'GET', '/search/messages?query=deploy');
    await warm(t.app, 'GET', THREAD_PATH);
    await warm(t.app, 'POST', '/catalog/search', CATALOG_300);
    const runs = SCENARIOS.map(() => [] as Figures[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, s] of SCENARIOS.entries()) runs[i].push(await measure(t, s));
      console.log(`round ${round + 1}/${ROUNDS}: bare ${runs[0][round].rps.toFixed(0)} req/s`);
    }
    const rows = SCENARIOS.map((s, i) => {
      const ratios = runs[i].map((f, round) => f.rps / runs[0][round].rps);
      const sum = (k: 'non2xx' | 'errors') => runs[i].reduce((n, f) => n + f[k], 0);
      return [
        s.name,
        median(runs[i].map((f) => f.rps)).toFixed(0),
        median(runs[i].map((f) => f.p50)).toFixed(1),
        median(runs[i].map((f) => f.p99)).toFixed(1),
        median(ratios).toFixed(3),
        String(sum('non2xx')),
        String(sum('errors')),
      ];
    });
    const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'ratio to bare', 'non-2xx', 'errors'];
    console.log(`\n${formatTable(header, rows)}\n`);
  } finally {
    await t.close();
  }
}

console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}`);
console.log(`date: ${new Date().toISOString()}`);
console.log(
  `${ROUNDS} rounds × ${SECONDS} s per scenario, ${CONNECTIONS} connections, scenarios interleaved\n`,
);
// The soak first, in a fresh process, so that its RSS baseline holds nothing the scenarios left behind.
await runSoak();
if (ROUNDS > 0) await runScenarios();
