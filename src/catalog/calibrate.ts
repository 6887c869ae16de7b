import type { RankConfig } from './config.js';
import type { QueryTerm } from './query-terms.js';
import { idf } from './score.js';
import { type ToolIndex, termDf } from './tool-index.js';

/**
 * The score a tool would get by matching every asked word perfectly, capped at `calibrationTerms`
 * perfect matches of a rare word: a long request is not expected to be matched word for word.
 * Context words are left out, so a context can add to a tool's relevance but never dilute it.
 */
export function scoreCeiling(index: ToolIndex, terms: readonly QueryTerm[], cfg: RankConfig): number {
  const n = index.tools.length;
  const perfect = cfg.k1 + 1;
  let ideal = 0;
  for (const q of terms)
    if (!q.via && !q.fromContext) ideal += q.weight * idf(termDf(index, q.term), n) * perfect;
  return Math.min(ideal, cfg.calibrationTerms * idf(1, n) * perfect);
}

/**
 * Relevance on an absolute scale, a logistic function of the score's share of the ceiling fitted on
 * the dev set (about that share of tools at a given relevance were labelled relevant), so a weak
 * best match stays low. Monotone in the score, so it follows the ranking.
 */
export function relevance(score: number, ceiling: number, cfg: RankConfig): number {
  if (score <= 0 || ceiling <= 0) return 0;
  const z = cfg.calibrationBias + cfg.calibrationSlope * Math.log(score / ceiling);
  return Math.max(1, Math.round(10_000 / (1 + Math.exp(-z)))) / 10_000;
}
