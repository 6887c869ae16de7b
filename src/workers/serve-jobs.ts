import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';

/**
 * The loop of one WorkerPool thread: each job `handle`d in turn, its result (or error message) posted back
 * under the job's id. The thread yields the CPU to the event loop (health checks, other routes): on Linux
 * a thread has its own nice value, set through its id (/proc/thread-self → <pid>/task/<tid>); elsewhere it
 * stays as it is.
 */
export function serveJobs<J, R>(handle: (job: J) => R): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
  } catch {}
  parentPort?.on('message', ({ id, job }: { id: number; job: J }) => {
    try {
      parentPort?.postMessage({ id, result: handle(job) });
    } catch (err) {
      parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
    }
  });
}
