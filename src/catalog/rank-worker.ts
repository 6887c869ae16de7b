import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { IndexCache } from './index-cache.js';
import { rankJob } from './rank-tools.js';
import type { RankJob } from './types.js';

// One ranking thread of a RankPool: its own index cache, one job at a time.

// Ranking yields the CPU to the event loop (health checks, other routes): on Linux a thread has its own
// nice value, set through its id (/proc/thread-self → <pid>/task/<tid>). Elsewhere it stays as it is.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {}
const cache = new IndexCache((workerData as { cacheBytes: number }).cacheBytes);
parentPort?.on('message', ({ id, job }: { id: number; job: RankJob }) => {
  try {
    parentPort?.postMessage({ id, ranked: rankJob(job, { cache }) });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
