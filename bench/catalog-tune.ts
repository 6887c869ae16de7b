// `tsx bench/catalog-tune.ts '{"serverBoost":0.5}' ...`: dev nDCG@10 by family for configuration
// overrides of the ranker (sentence and keyword queries), to compare ideas side by side.
import { DEFAULT_CONFIG, type RankConfig } from '../src/catalog/config.js';
import { rankTools } from '../src/catalog/index.js';
import { evalFilePath, loadEvalCases } from './catalog-eval-data.js';
import { ndcgByFamily } from './catalog-ndcg.js';
import { formatTable } from './format-table.js';
import { keywordCases } from './keyword-queries.js';

const sentences = loadEvalCases(evalFilePath()) ?? [];
const keywords = keywordCases(sentences);
let header: string[] = [];
const rows = ['{}', ...process.argv.slice(2)].map((v) => {
  const config = { ...DEFAULT_CONFIG, ...(JSON.parse(v) as Partial<RankConfig>) };
  const s = ndcgByFamily(sentences, (req) => rankTools(req, { config }));
  const k = ndcgByFamily(keywords, (req) => rankTools(req, { config }));
  header = ['config', ...[...s.keys()].map((f) => `S ${f}`), ...[...k.keys()].map((f) => `K ${f}`)];
  return [v, ...[...s.values(), ...k.values()].map((x) => x.toFixed(3))];
});
console.log(formatTable(header, rows));
