import type { RankRequest, SearchResult } from '../src/catalog/types.js';
import { type EvalCase, familyOf } from './catalog-eval-data.js';
import { caseMetrics } from './catalog-metrics.js';

/** Mean nDCG@10 of each family (sorted by name), then `macro`, their mean: score.py's headline. */
export function ndcgByFamily(cases: readonly EvalCase[], rank: (req: RankRequest) => SearchResult[]) {
  const sums = new Map<string, { total: number; n: number }>();
  for (const c of cases) {
    const ranking = rank({ query: c.query, context: c.context, tools: c.tools, maxResults: 10 }).map(
      (r) => r.toolKey,
    );
    const s = sums.get(familyOf(c)) ?? { total: 0, n: 0 };
    s.total += caseMetrics(ranking, c.relevant)['nDCG@10'];
    s.n++;
    sums.set(familyOf(c), s);
  }
  const out = new Map([...sums].sort().map(([f, s]) => [f, s.total / s.n]));
  out.set('macro', [...out.values()].reduce((a, b) => a + b, 0) / out.size);
  return out;
}
