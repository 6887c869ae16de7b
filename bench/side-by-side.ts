// Two servers measured at the same time, each in a process of its own and each driven at the same rate: what
// the machine does meanwhile (other tenants, its caches, its clock) it does to both, so the ratio of their CPU
// per request holds far stiller than rounds taken one after the other. The bench forks itself: a child sees
// SIDE_CONFIG and serves instead of measuring (`serveSide`).
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import type { Config } from '../src/config.js';
import { autocannonRun } from './autocannon-run.js';
import { AUTH, startLoadTargets } from './load-targets.js';

const CONFIG = 'SIDE_CONFIG';

/** Whether this process is a side's server (the bench's own child). */
export const isSide = () => process.env[CONFIG] !== undefined;

/** In a side's process: the service with SIDE_CONFIG, answering `cpu` with its CPU time so far (µs). */
export async function serveSide(): Promise<void> {
  const targets = await startLoadTargets(JSON.parse(process.env[CONFIG] as string) as Partial<Config>);
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.(user + system);
    } else if (message === 'close') void targets.close().then(() => process.exit(0));
  });
  process.send?.(targets.appUrl);
}

export interface Side {
  url: string;
  /** The process's CPU time so far, µs. */
  cpu(): Promise<number>;
  close(): Promise<void>;
}

/** Starts a side: this bench again, in a child process, serving with `config`. */
export async function startSide(config: Partial<Config>): Promise<Side> {
  const child: ChildProcess = fork(process.argv[1] as string, process.argv.slice(2), {
    env: { ...process.env, [CONFIG]: JSON.stringify(config) },
  });
  const [url] = (await once(child, 'message')) as [string];
  return {
    url,
    cpu: async () => {
      child.send('cpu');
      const [us] = (await once(child, 'message')) as [number];
      return us;
    },
    close: async () => {
      child.send('close');
      await once(child, 'exit');
    },
  };
}

/**
 * One round: both sides driven at `rate` req/s on `path` at once for `seconds`; each side's CPU µs per
 * answered request.
 */
export async function sideBySide(
  sides: readonly Side[],
  path: string,
  options: { connections: number; seconds: number; rate: number },
): Promise<number[]> {
  const before = await Promise.all(sides.map((side) => side.cpu()));
  const runs = await Promise.all(
    sides.map((side) => autocannonRun(`${side.url}${path}`, { ...options, headers: AUTH })),
  );
  const after = await Promise.all(sides.map((side) => side.cpu()));
  return sides.map((_, i) => ((after[i] as number) - (before[i] as number)) / (runs[i]?.requests ?? 1));
}
