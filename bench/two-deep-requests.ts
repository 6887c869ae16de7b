// `tsx bench/two-deep-requests.ts`: issue 20's crash, replayed against src/server.ts in its own process
// (SERVER_DIR: another checkout's, for a before/after comparison). Two ~10 KB catalog requests whose one
// tool's parameter nests 5,000 arrays deep, over REST (or VIA=mcp as search_tools; CATALOG_WORKERS=0 ranks
// in process), then GET /healthz and whether the server process is still alive.
import { request } from 'node:http';
import { resolve } from 'node:path';
import { spawnServer } from './spawn-server.js';

const TOKEN = 'bench-deep-token';
const dir = process.env.SERVER_DIR ?? resolve(import.meta.dirname, '..');
const viaMcp = process.env.VIA === 'mcp';

function send(port: number, method: string, path: string, body?: string) {
  const started = performance.now();
  return new Promise<{ status: number; ms: number; body: string }>((done) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, ms: Math.round(performance.now() - started), body: text }),
        );
      },
    );
    req.on('error', (err) =>
      done({ status: 0, ms: Math.round(performance.now() - started), body: String(err) }),
    );
    req.end(body);
  });
}

const { port, child } = await spawnServer(
  dir,
  TOKEN,
  process.env.CATALOG_WORKERS ? { CATALOG_WORKERS: process.env.CATALOG_WORKERS } : {},
);
// A server that died while starting has its exit code already.
let exited =
  child.exitCode === null ? undefined : `exited (code ${child.exitCode}, signal ${child.signalCode})`;
child.on('exit', (code, signal) => {
  exited = `exited (code ${code}, signal ${signal})`;
});

const levels = 5000;
const catalog = `{"query":["send message"],"tools":[{"toolKey":"k","toolName":"send","serverName":"s","description":"send a message","inputSchema":{"properties":{"a":${'['.repeat(levels)}${']'.repeat(levels)}}}}]}`;
const body = (id: number) =>
  viaMcp
    ? `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"search_tools","arguments":${catalog}}}`
    : catalog;
console.log(
  `server in ${dir}; ${viaMcp ? 'POST /mcp search_tools' : 'POST /catalog/search'}, body ${body(1).length} bytes nesting ${levels} levels`,
);
for (const id of [1, 2]) {
  const res = await send(port, 'POST', viaMcp ? '/mcp' : '/catalog/search', body(id));
  console.log(`request ${id}: ${res.status} in ${res.ms} ms ${res.body.slice(0, 160)}`);
}
await new Promise((r) => setTimeout(r, 1500));
const health = await send(port, 'GET', '/healthz');
console.log(`GET /healthz after: ${health.status} ${health.body}`);
console.log(`server process: ${exited ?? 'alive'}`);
child.kill('SIGTERM');
