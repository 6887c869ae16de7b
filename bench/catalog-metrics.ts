// A faithful port of shared/eval/catalog/score.py, so the bench's figures match the scorer's.
export const METRIC_KEYS = ['nDCG@5', 'nDCG@10', 'R@5', 'R@10', 'C@10', 'MRR'] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
export type Metrics = Record<MetricKey, number>;

export type Summary = Metrics & { n: number; p50: number; p95: number };

function dcgAt(ranking: string[], rel: Set<string>, k: number): number {
  let dcg = 0;
  ranking.slice(0, k).forEach((t, i) => {
    if (rel.has(t)) dcg += 1 / Math.log2(i + 2);
  });
  return dcg;
}

export function caseMetrics(ranking: string[], relevant: string[]): Metrics {
  const rel = new Set(relevant);
  const out = {} as Metrics;
  for (const k of [5, 10] as const) {
    let idcg = 0;
    for (let i = 0; i < Math.min(rel.size, k); i++) idcg += 1 / Math.log2(i + 2);
    out[`nDCG@${k}`] = idcg ? dcgAt(ranking, rel, k) / idcg : 0;
    const top = new Set(ranking.slice(0, k));
    out[`R@${k}`] = rel.size ? [...rel].filter((t) => top.has(t)).length / rel.size : 0;
  }
  const top10 = new Set(ranking.slice(0, 10));
  out['C@10'] = rel.size && [...rel].every((t) => top10.has(t)) ? 1 : 0;
  const first = ranking.findIndex((t) => rel.has(t));
  out.MRR = first >= 0 ? 1 / (first + 1) : 0;
  return out;
}

/** Python's statistics.median and score.py's nearest-rank percentile. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i] as number;
}

export function summarize(rows: Metrics[], latencies: number[]): Summary {
  const out = { n: rows.length, p50: median(latencies), p95: percentile(latencies, 95) } as Summary;
  for (const k of METRIC_KEYS) out[k] = rows.reduce((sum, r) => sum + r[k], 0) / rows.length;
  return out;
}

export function macro(groups: Summary[]): Metrics {
  const out = {} as Metrics;
  for (const k of METRIC_KEYS) out[k] = groups.reduce((sum, g) => sum + g[k], 0) / groups.length;
  return out;
}
