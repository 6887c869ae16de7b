// What the hostile-input benches share: one request over a fresh socket, timed, and /healthz probed every
// 50 ms from another process (so the load a bench makes does not delay its own timings) while work runs.
import { spawn } from 'node:child_process';
import { type IncomingHttpHeaders, request } from 'node:http';

export interface Answer {
  status: number;
  ms: number;
  body: string;
  headers: IncomingHttpHeaders;
}

export const ms = (n: number) => `${Math.round(n)} ms`;

/**
 * `method path` to the server on `port`, with a JSON content type and `headers`; never rejects. `paceBytes`:
 * the body is written that many bytes a millisecond, as it would come over a network (else all at once).
 */
export function send(
  port: number,
  method: string,
  path: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
  timeoutMs = 600_000,
  paceBytes = 0,
): Promise<Answer> {
  const started = performance.now();
  return new Promise<Answer>((done) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: false,
        timeout: timeoutMs,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            body: text,
            headers: res.headers,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err) =>
      done({ status: 0, ms: performance.now() - started, body: String(err), headers: {} }),
    );
    if (!paceBytes || body === undefined) {
      req.end(body);
      return;
    }
    const bytes = Buffer.from(body);
    req.setHeader('content-length', bytes.length);
    const next = (at: number) => {
      if (at >= bytes.length) req.end();
      else {
        req.write(bytes.subarray(at, at + paceBytes));
        setTimeout(() => next(at + paceBytes), 1);
      }
    };
    next(0);
  });
}

const PROBE = `
const { get } = require('node:http');
const times = []; let failed = 0; let running = true;
process.on('message', () => { running = false; });
(async () => {
  while (running) {
    const started = performance.now();
    const ok = await new Promise((done) => {
      get({ host: '127.0.0.1', port: Number(process.argv[1]), path: '/healthz', agent: false }, (res) => {
        res.resume(); res.on('end', () => done(res.statusCode === 200));
      }).on('error', () => done(false));
    });
    if (ok) times.push(performance.now() - started); else failed++;
    await new Promise((r) => setTimeout(r, 50));
  }
  process.send({ times, failed }, () => process.exit(0));
})();`;

/** /healthz every 50 ms, from another process, while `work` runs: answered, failed, median and worst latency. */
export async function withHealth<T>(
  port: number,
  work: () => Promise<T>,
): Promise<{ result: T; health: string; worstMs: number }> {
  const prober = spawn(process.execPath, ['-e', PROBE, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const report = new Promise<{ times: number[]; failed: number }>((done) =>
    prober.once('message', done as never),
  );
  await new Promise((r) => setTimeout(r, 200));
  const result = await work();
  prober.send('stop');
  const { times, failed } = await report;
  times.sort((a, b) => a - b);
  const worstMs = times[times.length - 1] ?? 0;
  const health = `/healthz ${times.length} ok, ${failed} failed, median ${ms(times[times.length >> 1] ?? 0)}, max ${ms(worstMs)}`;
  return { result, health, worstMs };
}
