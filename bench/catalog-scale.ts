// Ranking latency at 300 and 5,000 tools: cold (a list never seen, so a per-request partial index) and
// warm (the list's full index cached), p50/p95 over the dev set's queries, after a warm-up.
import { IndexCache, rankTools } from '../src/catalog/index.js';
import type { ToolInfo } from '../src/catalog/types.js';
import type { EvalCase } from './catalog-eval-data.js';
import { median, percentile } from './catalog-metrics.js';

export type ScaleRow = { tools: number; coldP50: number; coldP95: number; warmP50: number; warmP95: number };

/** `size` distinct tools from the dev set's pools, in order; past the ~3,200 there are, copies on new servers. */
export function toolsOfSize(cases: readonly EvalCase[], size: number): ToolInfo[] {
  const seen = new Map<string, ToolInfo>();
  for (const c of cases) {
    for (const t of c.tools) if (!seen.has(t.toolKey)) seen.set(t.toolKey, t);
    if (seen.size >= size) break;
  }
  const distinct = [...seen.values()];
  const out = distinct.slice(0, size);
  for (let i = 0; out.length < size; i++) {
    const t = distinct[i % distinct.length] as ToolInfo;
    const copy = Math.floor(i / distinct.length) + 2;
    out.push({ ...t, toolKey: `${t.toolKey}#${copy}`, serverName: `${t.serverName} ${copy}` });
  }
  return out;
}

function timed(f: () => unknown): number {
  const start = performance.now();
  f();
  return performance.now() - start;
}

export function measureScale(cases: readonly EvalCase[], sizes: number[], runs = 200): ScaleRow[] {
  const queries = cases.map((c) => c.query);
  return sizes.map((size) => {
    const tools = toolsOfSize(cases, size);
    const cache = new IndexCache();
    const rank = (i: number, c?: IndexCache) =>
      rankTools({ query: queries[i % queries.length] as string[], tools, maxResults: 20 }, { cache: c });
    for (let i = 0; i < 20; i++) rank(i, cache);
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < runs; i++) {
      cold.push(timed(() => rank(i)));
      warm.push(timed(() => rank(i, cache)));
    }
    return {
      tools: tools.length,
      coldP50: median(cold),
      coldP95: percentile(cold, 95),
      warmP50: median(warm),
      warmP95: percentile(warm, 95),
    };
  });
}
