import type { QueryTerm } from './query-terms.js';
import { idf } from './score.js';
import { type ToolIndex, termDf } from './tool-index.js';

/** Asked words scored per request, and context words: a long task is ranked on its rarest words. */
export const ASKED_BUDGET = 64;
export const CONTEXT_BUDGET = 32;

/**
 * The terms worth scoring: words this tool list contains, at most `ASKED_BUDGET` asked and
 * `CONTEXT_BUDGET` context words, most informative (weight × idf) first, each with its topics.
 */
export function withinBudget(index: ToolIndex, terms: readonly QueryTerm[]): QueryTerm[] {
  const n = index.tools.length;
  const worth = new Map<QueryTerm, number>();
  for (const q of terms) {
    const df = termDf(index, q.term);
    if (df > 0 || q.term.length >= 4) worth.set(q, q.weight * idf(df, n));
  }
  const words = terms.filter((q) => !q.via && worth.has(q));
  if (words.length <= ASKED_BUDGET && terms.length === worth.size) return [...terms];
  const best = (list: QueryTerm[], budget: number) =>
    list.sort((a, b) => (worth.get(b) as number) - (worth.get(a) as number)).slice(0, budget);
  const kept = new Set([
    ...best(
      words.filter((q) => !q.fromContext),
      ASKED_BUDGET,
    ),
    ...best(
      words.filter((q) => q.fromContext),
      CONTEXT_BUDGET,
    ),
  ]);
  const labels = new Set([...kept].map((q) => `${q.fromContext}:${q.label}`));
  return terms.filter(
    (q) => kept.has(q) || (q.via !== undefined && worth.has(q) && labels.has(`${q.fromContext}:${q.via}`)),
  );
}
