export { rankToolsBaseline } from './baseline-bm25.js';
export { IndexCache, type IndexCacheStats } from './index-cache.js';
export { RankHandoffError, RankPool, RankTimeout } from './rank-pool.js';
export { toRankJob, toRankTask } from './rank-task.js';
export { type RankOptions, rankJob, rankTools, toResults } from './rank-tools.js';
export { type CatalogSearcher, createSearcher } from './searcher.js';
export type { Ranked, RankJob, RankRequest, RankTask, RankTool, SearchResult, ToolInfo } from './types.js';
