import { workerData } from 'node:worker_threads';
import { serveJobs } from '../workers/serve-jobs.js';
import { IndexCache } from './index-cache.js';
import { taskJob } from './rank-task.js';
import { rankJob } from './rank-tools.js';
import type { RankTask } from './types.js';

// One ranking thread of a RankPool: its own index cache, one task at a time (read from the body's text here).
const cache = new IndexCache((workerData as { cacheBytes: number }).cacheBytes);
serveJobs((task: RankTask) => rankJob(taskJob(task), { cache }));
