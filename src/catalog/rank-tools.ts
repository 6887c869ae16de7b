import { buildIndex } from './build-index.js';
import { relevance, scoreCeiling } from './calibrate.js';
import { DEFAULT_CONFIG, type RankConfig } from './config.js';
import { explain } from './explain.js';
import type { IndexCache } from './index-cache.js';
import { conceptMembers } from './lexicon.js';
import { prefixFilter } from './prefix-filter.js';
import { withinBudget } from './query-budget.js';
import { type Query, type QueryTerm, queryTerms } from './query-terms.js';
import { toRankJob } from './rank-task.js';
import { scoreTools } from './score.js';
import { toResult } from './to-result.js';
import type { ToolIndex } from './tool-index.js';
import type { Ranked, RankJob, RankRequest, RankTool, SearchResult, ToolInfo } from './types.js';

export type RankOptions = {
  /** Keeps the indexes of tool lists that come back; without it every call indexes afresh. */
  cache?: IndexCache;
  /** @default DEFAULT_CONFIG */
  config?: RankConfig;
};

type Hit = { doc: number; score: number };

function partialIndex(tools: readonly RankTool[], query: Query): ToolIndex {
  return buildIndex(tools, prefixFilter(query.words, conceptMembers));
}

function indexFor(tools: readonly RankTool[], query: Query, cache: IndexCache | undefined): ToolIndex {
  if (!cache) return partialIndex(tools, query);
  const key = cache.keyOf(tools);
  const cached = cache.get(key, tools);
  if (cached) return cached;
  if (!cache.admits(key)) return partialIndex(tools, query);
  const index = buildIndex(tools);
  cache.set(key, index);
  return index;
}

/** Tools with a positive score, best first (ties keep the caller's order), at most `limit`. */
function topHits(index: ToolIndex, terms: readonly QueryTerm[], cfg: RankConfig, limit: number): Hit[] {
  const scores = scoreTools(index, terms, cfg);
  const hits: Hit[] = [];
  for (let d = 0; d < scores.length; d++)
    if ((scores[d] as number) > 0) hits.push({ doc: d, score: scores[d] as number });
  hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
  return hits.slice(0, limit);
}

/**
 * Ranks a job's tools: BM25F over name, server, description and parameters, with the request's words
 * stemmed, identifiers split, CJK in bigrams and related topics at a lower weight. Tools that match
 * nothing are left out; `relevance` is on an absolute 0–1 scale. What a ranking thread runs.
 */
export function rankJob(job: RankJob, options: RankOptions = {}): Ranked[] {
  const cfg = options.config ?? DEFAULT_CONFIG;
  const limit = Math.floor(job.maxResults);
  const query = queryTerms(job.query, job.context, cfg);
  if (query.terms.length === 0 || job.tools.length === 0 || !(limit > 0)) return [];
  const index = indexFor(job.tools, query, options.cache);
  const ceiling = scoreCeiling(index, query.terms, cfg);
  const terms = withinBudget(index, query.terms);
  return topHits(index, terms, cfg, limit).map(({ doc, score }) => ({
    doc,
    relevance: relevance(score, ceiling, cfg),
    explanation: explain(index, terms, doc, cfg),
  }));
}

/** The results of a job's ranking, for the request it was made from. */
export function toResults(req: RankRequest, ranked: readonly Ranked[]): SearchResult[] {
  return ranked.map(({ doc, relevance, explanation }) =>
    toResult(req.tools[doc] as ToolInfo, relevance, explanation),
  );
}

/** Ranks `req.tools` for the request in this thread (see `rankJob`). */
export function rankTools(req: RankRequest, options: RankOptions = {}): SearchResult[] {
  return toResults(req, rankJob(toRankJob(req), options));
}
