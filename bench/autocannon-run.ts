// One autocannon run in a child process, so the CPU time this process spends is its servers' alone: CPU per
// request holds steady while other work on the machine moves req/s around. Shared by the benches that
// compare a server with another in the same process (hot-path.ts, policy.ts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import type autocannon from 'autocannon';

const CLI = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface Run {
  rps: number;
  /** Requests answered. */
  requests: number;
  /** CPU time this process (the servers) spent per answered request, in µs. */
  cpuUs: number;
}

export interface RunOptions {
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A file holding the request body. */
  bodyFile?: string;
  /** Requests a second from all connections together (autocannon -R); unset: as many as are answered. */
  rate?: number;
}

/** Drives `url`; any non-2xx answer or error fails the run (a bench measures answers, not refusals). */
export async function autocannonRun(url: string, options: RunOptions): Promise<Run> {
  const args = [CLI, '-j', '-c', String(options.connections), '-d', String(options.seconds)];
  args.push('-m', options.method ?? 'GET');
  for (const [k, v] of Object.entries(options.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (options.bodyFile) args.push('-i', options.bodyFile);
  if (options.rate) args.push('-R', String(options.rate));
  const cpu = process.cpuUsage();
  const child = spawn(process.execPath, [...args, url], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  await once(child, 'close');
  const used = process.cpuUsage(cpu);
  const result = JSON.parse(out) as autocannon.Result;
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const requests = result.requests.total;
  return { rps: result.requests.average, requests, cpuUs: (used.user + used.system) / requests };
}
