// `tsx bench/catalog-pressure.ts`: three clients send maximum-size catalog requests (~7 MB of CJK text,
// a new tool list each time) while a probe times GET /healthz every 20 ms, over real sockets, to
// src/server.ts in its own process (SERVER_DIR: another checkout's, for a before/after comparison).
// BODY=deep sends the worst bodies within the body limits instead (7.5 MB, inputSchemas nested to the
// depth limit, ~94,000 objects), BODY=nested the 2 MB bodies nesting 2,500 levels that issue 20 reported.
// After the load, GET /readyz (shed while overloaded, unlike /healthz) says whether overload outlived it.
import { request } from 'node:http';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { deepCatalogBody, heavyCatalogBody, nestedArraysCatalogBody } from '../test/support/heavy-catalog.js';
import { median, percentile } from './catalog-metrics.js';
import { formatTable } from './format-table.js';
import { spawnServer } from './spawn-server.js';

const TOKEN = 'bench-pressure-token';
const CLIENTS = 3;
const PER_CLIENT = Number(process.env.PER_CLIENT ?? 4);
const BODIES: Record<string, { make: (variant: number) => string; what: string }> = {
  cjk: { make: (v) => heavyCatalogBody(v), what: 'maximum-size CJK catalog requests' },
  deep: { make: (v) => deepCatalogBody(v), what: 'worst deep catalog requests within the limits' },
  nested: { make: (v) => nestedArraysCatalogBody(v), what: 'catalog requests nesting 2,500 levels' },
};
const BODY = BODIES[process.env.BODY ?? 'cjk'] ?? (BODIES.cjk as (typeof BODIES)['cjk']);

function send(port: number, method: string, path: string, body?: string) {
  const started = performance.now();
  return new Promise<{ status: number; ms: number }>((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: { authorization: `Bearer ${TOKEN}`, ...(body && { 'content-type': 'application/json' }) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    // A server that died answers nothing: status 0.
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

async function startServer(dir: string, env: Record<string, string>) {
  const server = await spawnServer(dir, TOKEN, env, 'inherit');
  await new Promise((r) => setTimeout(r, 2500)); // past the overload plugin's boot grace
  return server;
}

// The probe runs in its own thread: in this thread, writing three 7 MB bodies would delay its timers and
// make /healthz look slower than the server is.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { request } = require('node:http');
let done = false;
const probes = [];
parentPort.once('message', () => { done = true; });
const once = () => new Promise((resolve, reject) => {
  const started = performance.now();
  request({ host: '127.0.0.1', port: workerData.port, path: '/healthz' }, (res) => {
    res.resume();
    res.on('end', () => resolve(performance.now() - started));
  }).on('error', () => resolve(-1)).end();
});
(async () => {
  while (!done) {
    probes.push(await once());
    await new Promise((r) => setTimeout(r, 20));
  }
  parentPort.postMessage(probes);
})();
`;

function startProbe(port: number) {
  const worker = new Worker(PROBE, { eval: true, workerData: { port } });
  const results = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return async () => {
    worker.postMessage('stop');
    const probes = await results;
    await worker.terminate();
    return probes;
  };
}

export async function benchCatalogPressure(
  dir = resolve(import.meta.dirname, '..'),
  env: Record<string, string> = {},
) {
  const bodies = Array.from({ length: CLIENTS * PER_CLIENT }, (_, i) => BODY.make(i));
  const { port, stop } = await startServer(dir, env);
  const stopProbe = startProbe(port);
  const answers = (
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        const out = [];
        for (let i = 0; i < PER_CLIENT; i++)
          out.push(await send(port, 'POST', '/catalog/search', bodies[c * PER_CLIENT + i]));
        return out;
      }),
    )
  ).flat();
  // A probe the server did not answer (it died) is -1.
  const probed = await stopProbe();
  const probes = probed.filter((ms) => ms >= 0);
  const unanswered = probed.length - probes.length;
  // One under-pressure sample later, is anything still shed?
  await new Promise((r) => setTimeout(r, 1500));
  const after: number[] = [];
  for (let i = 0; i < 5; i++) after.push((await send(port, 'GET', '/readyz')).status);
  stop();
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  const statuses = [...counts].map(([status, n]) => `${n}× ${status}`).join(', ');
  const ms = answers.map((a) => a.ms);
  console.log(
    `\n## /healthz under ${CLIENTS} clients × ${PER_CLIENT} ${BODY.what} (${(Buffer.byteLength(bodies[0] as string) / 1e6).toFixed(1)} MB each), server in ${dir} ${JSON.stringify(env)}\n`,
  );
  console.log(
    formatTable(
      ['', 'n', 'p50 ms', 'p99 ms', 'max ms', 'answers'],
      [
        [
          'GET /healthz',
          String(probes.length),
          median(probes).toFixed(1),
          percentile(probes, 99).toFixed(1),
          Math.max(...probes).toFixed(1),
          unanswered > 0 ? `${unanswered} unanswered` : '',
        ],
        [
          'POST /catalog/search',
          String(ms.length),
          median(ms).toFixed(0),
          percentile(ms, 99).toFixed(0),
          Math.max(...ms).toFixed(0),
          statuses,
        ],
      ],
    ),
  );
  console.log(`\nGET /readyz 1.5 s after the load: ${after.join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env: Record<string, string> = {};
  for (const k of ['CATALOG_WORKERS', 'REQUEST_DEADLINE_MS'])
    if (process.env[k]) env[k] = process.env[k] as string;
  await benchCatalogPressure(process.env.SERVER_DIR, env);
}
