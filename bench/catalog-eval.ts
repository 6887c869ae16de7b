// `npm run bench:catalog`: our ranker against a plain BM25 built like MCP Router's fallback, on the
// catalog dev set (kept outside the repo). Writes score.py-format rankings to bench/out/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { rankTools, rankToolsBaseline } from '../src/catalog/index.js';
import type { RankRequest, SearchResult } from '../src/catalog/types.js';
import { type EvalCase, evalFilePath, familyOf, loadEvalCases } from './catalog-eval-data.js';
import { measureColdWarm } from './catalog-latency.js';
import { caseMetrics, type Metrics, macro, type Summary, summarize } from './catalog-metrics.js';
import { formatTable } from './format-table.js';

const MAX_RESULTS = 100;
const OUT_DIR = resolve(import.meta.dirname, 'out');

type Ranker = (req: RankRequest) => SearchResult[];
type Run = { byFamily: Map<string, { rows: Metrics[]; latencies: number[] }>; lines: string[] };

function run(cases: EvalCase[], ranker: Ranker): Run {
  const byFamily = new Map<string, { rows: Metrics[]; latencies: number[] }>();
  const lines: string[] = [];
  for (const c of cases) {
    const start = performance.now();
    const results = ranker({
      query: c.query,
      context: c.context,
      tools: c.tools,
      maxResults: MAX_RESULTS,
    });
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
  const header = [
    'group',
    'n',
    ...keys.flatMap((k) => [`${k} ours`, 'bm25']),
    'p50 ms ours',
    'bm25',
    'p95 ms ours',
    'bm25',
  ];
  const rows = [...ours.keys()].map((g) => {
    const o = ours.get(g) as Summary;
    const b = base.get(g) as Summary;
    return [
      g,
      o.n ? String(o.n) : '',
      ...keys.flatMap((k) => [f3(o[k]), f3(b[k])]),
      f3(o.p50),
      f3(b.p50),
      f3(o.p95),
      f3(b.p95),
    ];
  });
  return formatTable(header, rows);
}

const path = evalFilePath();
const cases = loadEvalCases(path);
if (!cases) {
  console.log(`catalog eval: no dev set at ${path}; set CATALOG_EVAL_FILE to run it. Nothing to do.`);
  process.exit(0);
}
const rankers: Ranker[] = [(req) => rankTools(req), rankToolsBaseline];
for (const r of rankers) run(cases.slice(0, 50), r); // warm-up (JIT, word memo), not reported
const [ours, base] = rankers.map((r) => run(cases, r)) as [Run, Run];
mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(resolve(OUT_DIR, 'catalog-ours.jsonl'), `${ours.lines.join('\n')}\n`);
writeFileSync(resolve(OUT_DIR, 'catalog-bm25.jsonl'), `${base.lines.join('\n')}\n`);
console.log(`catalog eval: ${cases.length} cases from ${path}, maxResults ${MAX_RESULTS}, no index cache`);
console.log(`rankings: bench/out/catalog-{ours,bm25}.jsonl (score.py wants the eval file unzipped)\n`);
console.log(report(summaries(ours), summaries(base)));

const pool = cases.find((c) => c.tools.length >= 300 && c.tools.length < 320) ?? (cases[0] as EvalCase);
const queries = cases.filter((c) => familyOf(c) === familyOf(pool)).map((c) => c.query);
const lat = measureColdWarm(pool.tools, queries, (query) =>
  rankToolsBaseline({ query, tools: pool.tools, maxResults: 20 }),
);
console.log(`\nlatency, one ${lat.tools}-tool list, median of ${lat.runs} runs each:`);
console.log(
  formatTable(
    [
      'cold (no cached index)',
      'warm (index cached)',
      'cold / warm',
      'full index build (2nd sighting)',
      'bm25',
    ],
    [
      [lat.coldMs, lat.warmMs, lat.coldMs / lat.warmMs, lat.fullBuildMs, lat.baselineMs].map((x, i) =>
        i === 2 ? `${x.toFixed(1)}×` : `${x.toFixed(3)} ms`,
      ),
    ],
  ),
);
