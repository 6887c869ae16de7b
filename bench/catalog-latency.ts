// Cold (no cached index) against warm (the list's index cached) for one tool list, median of many
// interleaved runs so that machine noise falls on both alike.
import { buildIndex } from '../src/catalog/build-index.js';
import { IndexCache, rankTools } from '../src/catalog/index.js';
import type { ToolInfo } from '../src/catalog/types.js';
import { median } from './catalog-metrics.js';

export type LatencyFigures = {
  tools: number;
  runs: number;
  coldMs: number;
  warmMs: number;
  fullBuildMs: number;
  baselineMs: number;
};

function timed(f: () => unknown): number {
  const start = performance.now();
  f();
  return performance.now() - start;
}

export function measureColdWarm(
  tools: ToolInfo[],
  queries: string[][],
  baseline: (query: string[]) => unknown,
  runs = 400,
): LatencyFigures {
  const warmCache = new IndexCache(4);
  rankTools({ query: queries[0] ?? [], tools, maxResults: 20 }, { cache: warmCache });
  rankTools({ query: queries[0] ?? [], tools, maxResults: 20 }, { cache: warmCache });
  const cold: number[] = [];
  const warm: number[] = [];
  const full: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < runs; i++) {
    const query = queries[i % queries.length] ?? [];
    cold.push(timed(() => rankTools({ query, tools, maxResults: 20 }, { cache: new IndexCache(4) })));
    warm.push(timed(() => rankTools({ query, tools, maxResults: 20 }, { cache: warmCache })));
    full.push(timed(() => buildIndex(tools)));
    base.push(timed(() => baseline(query)));
  }
  if (warmCache.stats.hits < runs)
    throw new Error(`warm runs missed the cache: ${JSON.stringify(warmCache.stats)}`);
  return {
    tools: tools.length,
    runs,
    coldMs: median(cold),
    warmMs: median(warm),
    fullBuildMs: median(full),
    baselineMs: median(base),
  };
}
