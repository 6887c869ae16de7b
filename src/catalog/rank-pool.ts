import { WorkerPool, workerEntry } from '../workers/worker-pool.js';
import type { Ranked, RankTask } from './types.js';

export {
  WorkerHandoffError as RankHandoffError,
  WorkerTimeout as RankTimeout,
} from '../workers/worker-pool.js';

export type RankPoolOptions = {
  /** Ranking threads. @default 1 */
  size?: number;
  /** Estimated bytes of indexes each thread keeps for tool lists that come back. @default 64 MiB */
  cacheBytes?: number;
};

const ENTRY = workerEntry(import.meta.url, 'rank-worker');

/**
 * Ranks off the event loop on a few worker threads (a WorkerPool), so health checks and other requests
 * stay fast while big tool lists are indexed; each thread keeps its own index cache. A ranking past its
 * deadline is abandoned (RankTimeout) and its thread replaced.
 */
export class RankPool {
  readonly #pool: WorkerPool<RankTask, Ranked[]>;

  /** Threads start with the first ranking, so an app that never ranks never starts one. */
  constructor(options: RankPoolOptions = {}) {
    this.#pool = new WorkerPool({
      entry: ENTRY,
      name: 'rank',
      size: options.size,
      workerData: { cacheBytes: options.cacheBytes ?? 64 * 1024 * 1024 },
    });
  }

  /** The ranking of `task`, or a RankTimeout at `deadline` (epoch ms). */
  rank(task: RankTask, deadline: number): Promise<Ranked[]> {
    return this.#pool.run(task, deadline).then((ranked) => ranked ?? []);
  }

  /** Jobs queued or running. */
  get pending(): number {
    return this.#pool.pending;
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}
