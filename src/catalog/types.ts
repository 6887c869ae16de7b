import type { SearchRequest } from '../schemas/catalog.js';

export type { SearchResult, ToolInfo } from '../schemas/catalog.js';

/** What `rankTools` needs: the request with `maxResults` resolved by the caller. */
export type RankRequest = Pick<SearchRequest, 'query' | 'context' | 'tools'> & { maxResults: number };

/**
 * What ranking reads of a tool: its key (to recognise a list that comes back) and the texts it indexes,
 * the parameters already reduced to their names and descriptions. Never the caller's raw schema.
 */
export type RankTool = {
  toolKey: string;
  toolName: string;
  serverName: string;
  description: string;
  params: string;
};

/** A ranking job as a ranking thread ranks it: strings only, bounded per tool. */
export type RankJob = Pick<RankRequest, 'query' | 'context' | 'maxResults'> & { tools: RankTool[] };

/**
 * A ranking job as handed to a ranking thread: with its tools, or with the request body's JSON text (one
 * string, far cheaper to hand over than 5,000 tools) for the thread to read them from, and their number.
 */
export type RankTask = Pick<RankJob, 'query' | 'context' | 'maxResults'> &
  ({ tools: RankTool[] } | { bodyText: string; toolCount: number });

/** One ranked tool: its place in the job's list, its relevance and the explanation. */
export type Ranked = { doc: number; relevance: number; explanation: string };
