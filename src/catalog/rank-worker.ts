import { parentPort, workerData } from 'node:worker_threads';
import { IndexCache } from './index-cache.js';
import { rankTools } from './rank-tools.js';
import type { RankRequest } from './types.js';

// One ranking thread of a RankPool: its own index cache, one request at a time.
const cache = new IndexCache((workerData as { cacheBytes: number }).cacheBytes);
parentPort?.on('message', ({ id, req }: { id: number; req: RankRequest }) => {
  try {
    parentPort?.postMessage({ id, results: rankTools(req, { cache }) });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
