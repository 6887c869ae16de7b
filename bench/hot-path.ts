// What a cached answer costs next to the bytes it sends: req/s of the service for a cache-hit concise search,
// a cache-hit thread read and a 300-tool catalog request, each against a bare node:http server that sends
// the same bytes, in the same run, round by round; then the heap one cached search answer holds.
// `npm run bench` runs it; alone: `npx tsx bench/hot-path.ts`. HOT_ROUNDS (5), HOT_SECONDS (3),
// HOT_CONNECTIONS (10). Traffic goes to 127.0.0.1 only.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import autocannon from 'autocannon';
import { formatTable } from './format-table.js';
import { AUTH, catalogBody, type LoadTargets, startLoadTargets, THREAD_PATH } from './load-targets.js';

const ROUNDS = Number(process.env.HOT_ROUNDS ?? 5);
const SECONDS = Number(process.env.HOT_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.HOT_CONNECTIONS ?? 10);
const HEAP_ENTRIES = 500;

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const SCENARIOS: Scenario[] = [
  { name: 'search, concise, cache hit', method: 'GET', path: '/search/messages?query=deploy' },
  { name: 'thread (40 replies), cache hit', method: 'GET', path: THREAD_PATH },
  { name: 'catalog search, 300 tools', method: 'POST', path: '/catalog/search', body: catalogBody(300) },
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** A server that reads the request body, if any, and answers every request with `bytes`. */
async function sameBytesServer(bytes: Buffer, contentType: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
      res.end(bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function rps(url: string, s: Scenario, duration = SECONDS): Promise<number> {
  const result = await autocannon({
    url,
    method: s.method,
    headers: { ...AUTH, ...(s.body ? { 'content-type': 'application/json' } : {}) },
    body: s.body,
    connections: CONNECTIONS,
    duration,
    workers: 1,
  });
  if (result.non2xx || result.errors)
    throw new Error(`${s.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function ratios(t: LoadTargets) {
  const rows: string[][] = [];
  for (const s of SCENARIOS) {
    const headers = { ...AUTH, ...(s.body ? { 'content-type': 'application/json' } : {}) };
    const warm = await t.app.inject({ method: s.method, url: s.path, headers, payload: s.body });
    if (warm.statusCode !== 200) throw new Error(`${s.path} answered ${warm.statusCode}: ${warm.body}`);
    const bare = await sameBytesServer(warm.rawPayload, String(warm.headers['content-type']));
    try {
      await rps(`${t.appUrl}${s.path}`, s, 1);
      await rps(`${bare.url}${s.path}`, s, 1);
      const app: number[] = [];
      const same: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which goes first, so a change in the machine's load does not favour one side.
        if (round % 2) same.push(await rps(`${bare.url}${s.path}`, s));
        app.push(await rps(`${t.appUrl}${s.path}`, s));
        if (!(round % 2)) same.push(await rps(`${bare.url}${s.path}`, s));
      }
      const perRound = app.map((r, i) => r / same[i]);
      rows.push([
        s.name,
        String(warm.rawPayload.length),
        median(app).toFixed(0),
        median(same).toFixed(0),
        median(perRound).toFixed(3),
        perRound.map((r) => r.toFixed(2)).join(' '),
      ]);
    } finally {
      await new Promise((resolve) => bare.server.close(resolve));
    }
  }
  const header = ['scenario', 'bytes', 'service req/s', 'same-bytes req/s', 'ratio (median)', 'per round'];
  console.log(`\n${formatTable(header, rows)}\n`);
}

/** Heap held per cached concise search answer (20 matches), everything it keeps in the in-memory cache. */
async function heapPerAnswer(t: LoadTargets) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const heapUsed = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const before = heapUsed();
  for (let i = 0; i < HEAP_ENTRIES; i++) {
    // Distinct keys, each the same 20 matches (`-h<i>` excludes a word no message has).
    const url = `/search/messages?query=deploy+-h${i}`;
    const res = await t.app.inject({ method: 'GET', url, headers: AUTH });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    if (i % 100 === 0) t.slack.reset();
  }
  t.slack.reset();
  const perEntry = (heapUsed() - before) / HEAP_ENTRIES;
  console.log(
    `heap per cached concise search answer (20 matches, ${HEAP_ENTRIES} answers): ${(perEntry / 1024).toFixed(1)} KB`,
  );
}

export async function benchHotPath() {
  console.log(
    `## Hot path: ${ROUNDS} rounds × ${SECONDS} s, ${CONNECTIONS} connections, against a same-bytes node:http server`,
  );
  const t = await startLoadTargets({ CACHE_MAX_ENTRIES: 10_000 });
  try {
    await ratios(t);
    await heapPerAnswer(t);
  } finally {
    await t.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchHotPath();
