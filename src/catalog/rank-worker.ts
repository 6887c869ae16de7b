import { workerData } from 'node:worker_threads';
import { serveJobs } from '../workers/serve-jobs.js';
import { IndexCache } from './index-cache.js';
import { rankJob } from './rank-tools.js';
import type { RankJob } from './types.js';

// One ranking thread of a RankPool: its own index cache, one job at a time.
const cache = new IndexCache((workerData as { cacheBytes: number }).cacheBytes);
serveJobs((job: RankJob) => rankJob(job, { cache }));
