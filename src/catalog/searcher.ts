import { IndexCache } from './index-cache.js';
import { RankPool, RankTimeout } from './rank-pool.js';
import { toRankJob, toRankTask } from './rank-task.js';
import { rankJob, toResults } from './rank-tools.js';
import type { RankRequest, SearchResult } from './types.js';

export type CatalogSearcher = {
  /**
   * Ranked results, or a RankTimeout once `deadline` (epoch ms) has passed. `bodyText`: the JSON text the
   * request was parsed from, when it came as one (a ranking thread reads the tools from it).
   */
  search(req: RankRequest, deadline: number, bodyText?: string): Promise<SearchResult[]>;
  close(): Promise<void>;
};

export type SearcherOptions = {
  /** Ranking threads; 0 ranks on the event loop (and can only notice a passed deadline afterwards). */
  workers: number;
  /** Estimated bytes of cached indexes per thread. */
  cacheBytes: number;
};

/**
 * A ranking service: a pool of worker threads, or in process when `workers` is 0. Either way ranking
 * sees only the job (`toRankJob`: names, descriptions, parameter text), and the results are mapped
 * back to the request's tools here. A thread is handed the request's body text when there is one, and
 * builds the job itself: the event loop neither reads the schemas nor clones 5,000 tools to hand them over.
 */
export function createSearcher({ workers, cacheBytes }: SearcherOptions): CatalogSearcher {
  if (workers > 0) {
    const pool = new RankPool({ size: workers, cacheBytes });
    return {
      // Nothing to rank is answered here, without a thread.
      search: async (req, deadline, bodyText) =>
        req.tools.length === 0 ? [] : toResults(req, await pool.rank(toRankTask(req, bodyText), deadline)),
      close: () => pool.close(),
    };
  }
  const cache = new IndexCache(cacheBytes);
  return {
    search: async (req, deadline) => {
      const ranked = rankJob(toRankJob(req), { cache });
      if (Date.now() > deadline) throw new RankTimeout('ran past its deadline');
      return toResults(req, ranked);
    },
    close: async () => {},
  };
}
