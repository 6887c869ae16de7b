// src/server.ts of a checkout (this one, or SERVER_DIR's for a before/after comparison) in its own
// process on a free loopback port, for benches that measure it over real sockets.
import { type ChildProcess, spawn } from 'node:child_process';
import { get } from 'node:http';
import { freePort } from '../test/support/redis-server.js';

export interface SpawnedServer {
  port: number;
  child: ChildProcess;
  stop: () => void;
  /** With `loopProbe`: the main thread's busy ms and longest block (ms) since the last call (or the start). */
  loopReport: () => Promise<LoopReport>;
}

export interface LoopReport {
  busyMs: number;
  maxBlockMs: number;
}

const LOOP_PROBE = new URL('./loop-probe.mjs', import.meta.url).pathname;

/** Whether the server on `port` answers /healthz with 200 now. */
export const healthy = (port: number) =>
  new Promise<boolean>((resolve) => {
    get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    }).on('error', () => resolve(false));
  });

/**
 * Starts the server with `API_TOKENS=token` and `env`, and resolves once /healthz answers 200 (≤ 20 s).
 * `loopProbe`: bench/loop-probe.mjs is loaded into it, and `loopReport` asks it for its event loop's figures.
 */
export async function spawnServer(
  dir: string,
  token: string,
  env: Record<string, string>,
  stderr: 'ignore' | 'inherit' = 'ignore',
  { loopProbe = false } = {},
): Promise<SpawnedServer> {
  const port = await freePort();
  const probe = loopProbe ? ['--import', LOOP_PROBE] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...probe, 'src/server.ts'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      API_TOKENS: token,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', stderr, ...(loopProbe ? (['ipc'] as const) : [])],
  });
  for (let i = 0; i < 200 && !(await healthy(port)); i++) await new Promise((r) => setTimeout(r, 100));
  const loopReport = () =>
    new Promise<LoopReport>((done, fail) => {
      if (!child.send) return fail(new Error('the server was started without loopProbe'));
      child.once('message', (report) => done(report as LoopReport));
      child.send('loop-report');
    });
  return { port, child, stop: () => child.kill('SIGTERM'), loopReport };
}
