// `tsx bench/catalog-tune.ts '{"serverBoost":0.5}' ...`: dev nDCG@10 by family for configuration
// overrides of the ranker (sentence and keyword queries), to compare ideas side by side.
import { DEFAULT_CONFIG, type RankConfig } from '../src/catalog/config.js';
import { rankTools } from '../src/catalog/index.js';
import { type EvalCase, evalFilePath, familyOf, loadEvalCases } from './catalog-eval-data.js';
import { caseMetrics } from './catalog-metrics.js';
import { formatTable } from './format-table.js';
import { keywordCases } from './keyword-queries.js';

function score(cases: EvalCase[], config: RankConfig): Map<string, number> {
  const sums = new Map<string, { total: number; n: number }>();
  for (const c of cases) {
    const ranking = rankTools(
      { query: c.query, context: c.context, tools: c.tools, maxResults: 10 },
      { config },
    ).map((r) => r.toolKey);
    const s = sums.get(familyOf(c)) ?? { total: 0, n: 0 };
    s.total += caseMetrics(ranking, c.relevant)['nDCG@10'];
    s.n++;
    sums.set(familyOf(c), s);
  }
  const out = new Map([...sums].sort().map(([f, s]) => [f, s.total / s.n]));
  out.set('macro', [...out.values()].reduce((a, b) => a + b, 0) / out.size);
  return out;
}

const sentences = loadEvalCases(evalFilePath()) ?? [];
const keywords = keywordCases(sentences);
const variants = ['{}', ...process.argv.slice(2)];
const rows = variants.map((v) => {
  const config = { ...DEFAULT_CONFIG, ...(JSON.parse(v) as Partial<RankConfig>) };
  const s = score(sentences, config);
  const k = score(keywords, config);
  return [v, ...[...s.values()].map((x) => x.toFixed(3)), ...[...k.values()].map((x) => x.toFixed(3))];
});
const fams = [...score(sentences.slice(0, 0), DEFAULT_CONFIG).keys()];
console.log(
  formatTable(
    [
      'config',
      ...['livemcp', 'metatool', 'toolbench', 'macro'].map((f) => `S ${f}`),
      ...['livemcp', 'metatool', 'toolbench', 'macro'].map((f) => `K ${f}`),
    ],
    rows,
  ),
  fams.length ? '' : '',
);
