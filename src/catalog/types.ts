export type ToolInfo = { toolKey: string; toolName: string; serverName: string; description?: string };

export type SearchRequest = { query: string[]; context?: string; tools: ToolInfo[]; maxResults?: number };

export type SearchResult = {
  toolKey: string;
  toolName: string;
  serverName: string;
  description?: string;
  /** Calibrated 0–1: comparable across requests, so callers may threshold on it. */
  relevance: number;
  explanation?: string;
};

/** What `rankTools` needs: a `SearchRequest` whose `maxResults` has been resolved by the caller. */
export type RankRequest = { query: string[]; context?: string; tools: ToolInfo[]; maxResults: number };
