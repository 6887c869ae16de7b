import type { SearchRequest, SearchResult, ToolInfo } from '../schemas/catalog.js';
import type { CatalogSearcher } from './searcher.js';

export const DEFAULT_MAX_RESULTS = 20;
export const MAX_RESULTS_CAP = 100;

/** What is wrong with the tool keys (they must be unique: results are mapped back by key), if anything. */
export function duplicateToolKey(tools: readonly ToolInfo[]): string | undefined {
  const firstIndex = new Map<string, number>();
  for (const [i, tool] of tools.entries()) {
    const seen = firstIndex.get(tool.toolKey);
    if (seen !== undefined)
      return `body/tools/${i}/toolKey ${JSON.stringify(tool.toolKey.slice(0, 100))} duplicates body/tools/${seen}/toolKey`;
    firstIndex.set(tool.toolKey, i);
  }
  return undefined;
}

/**
 * A validated catalog request, ranked by `searcher` before `deadline`: maxResults defaulted and capped.
 * `bodyText`: the JSON text `request` was parsed from, when it came as one (see CatalogSearcher).
 */
export function searchCatalog(
  request: SearchRequest,
  searcher: CatalogSearcher,
  deadline: number,
  bodyText?: string,
): Promise<SearchResult[]> {
  const { query, context, tools, maxResults = DEFAULT_MAX_RESULTS } = request;
  return searcher.search(
    { query, context, tools, maxResults: Math.min(maxResults, MAX_RESULTS_CAP) },
    deadline,
    bodyText,
  );
}
