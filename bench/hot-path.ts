import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { autocannonRun, type Run } from './autocannon-run.js';
import { formatTable } from './format-table.js';
import { heapPerCachedSearch } from './heap-per-answer.js';
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
  bodyFile?: string;
}

const headersOf = (s: Scenario) => ({ ...AUTH, ...(s.body ? { 'content-type': 'application/json' } : {}) });

function catalogScenario(): Scenario {
  const body = catalogBody(300);
  const bodyFile = join(mkdtempSync(join(tmpdir(), 'hot-path-')), 'catalog-300.json');
  writeFileSync(bodyFile, body);
  return { name: 'catalog search, 300 tools', method: 'POST', path: '/catalog/search', body, bodyFile };
}

const SCENARIOS: Scenario[] = [
  { name: 'search, concise, cache hit', method: 'GET', path: '/search/messages?query=deploy' },
  { name: 'search, concise, 82 matches, hit', method: 'GET', path: '/search/messages?query=the&count=100' },
  { name: 'thread (40 replies), cache hit', method: 'GET', path: THREAD_PATH },
  catalogScenario(),
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

/** One run of a scenario against `url` (autocannon-run.ts). */
const run = (url: string, s: Scenario, seconds = SECONDS): Promise<Run> =>
  autocannonRun(url, {
    connections: CONNECTIONS,
    seconds,
    method: s.method,
    headers: headersOf(s),
    bodyFile: s.bodyFile,
  });

async function ratios(t: LoadTargets) {
  const rows: string[][] = [];
  for (const s of SCENARIOS) {
    const warm = await t.app.inject({
      method: s.method,
      url: s.path,
      headers: headersOf(s),
      payload: s.body,
    });
    if (warm.statusCode !== 200) throw new Error(`${s.path} answered ${warm.statusCode}: ${warm.body}`);
    const bare = await sameBytesServer(warm.rawPayload, String(warm.headers['content-type']));
    const appUrl = `${t.appUrl}${s.path}`;
    const bareUrl = `${bare.url}${s.path}`;
    try {
      await run(appUrl, s, 1);
      await run(bareUrl, s, 1);
      const app: Run[] = [];
      const same: Run[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which goes first, so a change in the machine's load does not favour one side.
        if (round % 2) same.push(await run(bareUrl, s));
        app.push(await run(appUrl, s));
        if (!(round % 2)) same.push(await run(bareUrl, s));
      }
      const rpsRatios = app.map((r, i) => r.rps / same[i].rps);
      const cpuRatios = app.map((r, i) => same[i].cpuUs / r.cpuUs);
      rows.push([
        s.name,
        String(warm.rawPayload.length),
        median(app.map((r) => r.rps)).toFixed(0),
        median(same.map((r) => r.rps)).toFixed(0),
        median(rpsRatios).toFixed(3),
        rpsRatios.map((r) => r.toFixed(2)).join(' '),
        `${median(app.map((r) => r.cpuUs)).toFixed(0)} / ${median(same.map((r) => r.cpuUs)).toFixed(0)}`,
        median(cpuRatios).toFixed(3),
      ]);
    } finally {
      await new Promise((resolve) => bare.server.close(resolve));
    }
  }
  const header = [
    'scenario',
    'bytes',
    'service req/s',
    'same-bytes req/s',
    'req/s ratio',
    'per round',
    'CPU µs/req (service / same-bytes)',
    'CPU ratio',
  ];
  console.log(`\n${formatTable(header, rows)}\n`);
}

async function heapPerAnswer(t: LoadTargets) {
  const perEntry = await heapPerCachedSearch(t, HEAP_ENTRIES);
  console.log(
    `heap per cached concise search answer (query=deploy: 16 matches, ${HEAP_ENTRIES} answers): ${(perEntry / 1024).toFixed(1)} KB`,
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
