import type { SearchRequest } from '../schemas/catalog.js';

export type { SearchResult, ToolInfo } from '../schemas/catalog.js';

/** What `rankTools` needs: the request with `maxResults` resolved by the caller. */
export type RankRequest = Pick<SearchRequest, 'query' | 'context' | 'tools'> & { maxResults: number };
