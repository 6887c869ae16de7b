// `npm run bench:catalog`: our ranker against a plain BM25 built like MCP Router's fallback, on the
// catalog dev set (kept outside the repo), for its sentence queries and for a keyword variant built
// from them; macro nDCG@10 with bootstrap 95% intervals. Writes score.py-format rankings to bench/out/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { rankTools, rankToolsBaseline } from '../src/catalog/index.js';
import type { RankRequest, SearchResult } from '../src/catalog/types.js';
import { bootstrap, formatInterval } from './bootstrap.js';
import { type EvalCase, evalFilePath, familyOf, loadEvalCases } from './catalog-eval-data.js';
import { caseMetrics, type Metrics, macro, type Summary, summarize } from './catalog-metrics.js';
import { measureScale } from './catalog-scale.js';
import { formatTable } from './format-table.js';
import { keywordCases } from './keyword-queries.js';

const MAX_RESULTS = 100;
const OUT_DIR = resolve(import.meta.dirname, 'out');

type Ranker = (req: RankRequest) => SearchResult[];
type Run = { byFamily: Map<string, { rows: Metrics[]; latencies: number[] }>; lines: string[] };

function run(cases: EvalCase[], ranker: Ranker): Run {
  const byFamily = new Map<string, { rows: Metrics[]; latencies: number[] }>();
  const lines: string[] = [];
  for (const c of cases) {
    const start = performance.now();
    const results = ranker({ query: c.query, context: c.context, tools: c.tools, maxResults: MAX_RESULTS });
    const latency = performance.now() - start;
    const ranking = results.map((r) => r.toolKey);
    lines.push(JSON.stringify({ id: c.id, ranking, latency_ms: Math.round(latency * 1000) / 1000 }));
    const family = byFamily.get(familyOf(c)) ?? { rows: [], latencies: [] };
    family.rows.push(caseMetrics(ranking, c.relevant));
    family.latencies.push(latency);
    byFamily.set(familyOf(c), family);
  }
  return { byFamily, lines };
}

function summaries(r: Run): Map<string, Summary | Metrics> {
  const out = new Map<string, Summary | Metrics>();
  const families = [...r.byFamily.keys()].sort();
  for (const f of families)
    out.set(f, summarize(r.byFamily.get(f)?.rows ?? [], r.byFamily.get(f)?.latencies ?? []));
  const all = [...r.byFamily.values()];
  out.set(
    'micro',
    summarize(
      all.flatMap((x) => x.rows),
      all.flatMap((x) => x.latencies),
    ),
  );
  out.set('macro', macro(families.map((f) => out.get(f) as Summary)));
  return out;
}

const f3 = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '' : x.toFixed(3));

function report(ours: Map<string, Summary | Metrics>, base: Map<string, Summary | Metrics>): string {
  const keys = ['nDCG@5', 'nDCG@10', 'R@10', 'MRR'] as const;
  const header = ['group', 'n', ...keys.flatMap((k) => [`${k} ours`, 'bm25']), 'p50 ms ours', 'bm25'];
  const rows = [...ours.keys()].map((g) => {
    const o = ours.get(g) as Summary;
    const b = base.get(g) as Summary;
    return [g, o.n ? String(o.n) : '', ...keys.flatMap((k) => [f3(o[k]), f3(b[k])]), f3(o.p50), f3(b.p50)];
  });
  return formatTable(header, rows);
}

function intervals(ours: Run, base: Run): string {
  const ndcg = (r: Run) =>
    new Map([...r.byFamily].map(([f, v]) => [f, v.rows.map((m) => m['nDCG@10'])] as const));
  const o = bootstrap(ndcg(ours));
  const b = bootstrap(ndcg(base));
  const rows = [...o.families.keys()].map((f) => [
    f,
    formatInterval(o.families.get(f) as never),
    formatInterval(b.families.get(f) as never),
  ]);
  rows.push(['macro', formatInterval(o.macro), formatInterval(b.macro)]);
  return formatTable(['nDCG@10 [95% bootstrap]', 'ours', 'bm25'], rows);
}

const path = evalFilePath();
const sentences = loadEvalCases(path);
if (!sentences) {
  console.log(`catalog eval: no dev set at ${path}; set AGENT_SEARCH_SHARED to run it. Nothing to do.`);
  process.exit(0);
}
const rankers: Ranker[] = [(req) => rankTools(req), rankToolsBaseline];
for (const r of rankers) run(sentences.slice(0, 50), r); // warm-up (JIT, word memo), not reported
mkdirSync(OUT_DIR, { recursive: true });
console.log(
  `catalog eval: ${sentences.length} cases from ${path}, maxResults ${MAX_RESULTS}, no index cache`,
);
console.log('rankings: bench/out/catalog-{sentence,keyword}-{ours,bm25}.jsonl (for score.py, unzipped eval)');
for (const [variant, cases] of [
  ['sentence', sentences],
  ['keyword', keywordCases(sentences)],
] as const) {
  const [ours, base] = rankers.map((r) => run(cases, r)) as [Run, Run];
  writeFileSync(resolve(OUT_DIR, `catalog-${variant}-ours.jsonl`), `${ours.lines.join('\n')}\n`);
  writeFileSync(resolve(OUT_DIR, `catalog-${variant}-bm25.jsonl`), `${base.lines.join('\n')}\n`);
  if (variant === 'keyword')
    writeFileSync(
      resolve(OUT_DIR, 'catalog-keyword-eval.jsonl'),
      `${cases.map((c) => JSON.stringify(c)).join('\n')}\n`,
    );
  console.log(`\n## ${variant} queries\n`);
  console.log(report(summaries(ours), summaries(base)));
  console.log('');
  console.log(intervals(ours, base));
}

console.log('\n## ranking latency (in process, maxResults 20, 200 runs each)\n');
const scale = measureScale(sentences, [300, 5000]);
console.log(
  formatTable(
    ['tools', 'cold p50 ms', 'cold p95 ms', 'warm p50 ms', 'warm p95 ms'],
    scale.map((r) => [String(r.tools), f3(r.coldP50), f3(r.coldP95), f3(r.warmP50), f3(r.warmP95)]),
  ),
);
