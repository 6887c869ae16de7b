export { rankToolsBaseline } from './baseline-bm25.js';
export { IndexCache, type IndexCacheStats } from './index-cache.js';
export { RankPool, RankTimeout } from './rank-pool.js';
export { type RankOptions, rankTools } from './rank-tools.js';
export { type CatalogSearcher, createSearcher } from './searcher.js';
export type { RankRequest, SearchResult, ToolInfo } from './types.js';
