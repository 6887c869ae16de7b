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

type Rank = typeof rankTools;
type Cache = typeof IndexCache;

export function measureScale(
  cases: readonly EvalCase[],
  sizes: number[],
  runs = 200,
  ranker: { rankTools: Rank; IndexCache: Cache } = { rankTools, IndexCache },
): ScaleRow[] {
  const queries = cases.map((c) => c.query);
  return sizes.map((size) => {
    const tools = toolsOfSize(cases, size);
    const cache = new ranker.IndexCache();
    const rank = (i: number, c?: IndexCache) =>
      ranker.rankTools(
        { query: queries[i % queries.length] as string[], tools, maxResults: 20 },
        { cache: c },
      );
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

// `tsx bench/catalog-scale.ts DIR...`: the same figures for the ranker of each checkout (e.g. an older
// commit unpacked with `git archive`), measured alternately twice so machine noise falls on all alike.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { evalFilePath, loadEvalCases } = await import('./catalog-eval-data.js');
  const cases = loadEvalCases(evalFilePath()) ?? [];
  const dirs = process.argv.slice(2);
  for (const round of [1, 2])
    for (const dir of dirs) {
      const ranker = await import(`${dir}/src/catalog/index.ts`);
      for (const r of measureScale(cases, [300, 5000], 200, ranker))
        console.log(
          `round ${round} ${dir} ${r.tools} tools: cold p50 ${r.coldP50.toFixed(2)} p95 ${r.coldP95.toFixed(2)} ms, warm p50 ${r.warmP50.toFixed(2)} p95 ${r.warmP95.toFixed(2)} ms`,
        );
    }
}
