// `tsx bench/catalog-ltr.ts`: a learned linear re-ranker over general per-(query, tool) features of the
// ranker's top candidates (per-field BM25F, server document, coverage, phrase pairs, siblings...), fitted
// by coordinate ascent on macro nDCG@10 (LTR_FIT=logistic: pairwise logistic regression) with 5-fold
// cross-validation by a hash of the case id (LTR_FOLDS=family: one family held out at a time). Prints the
// out-of-fold nDCG@10 by family beside the ranker's and the paired bootstrap interval of the gain, for
// sentence and keyword queries. A measuring tool: nothing here ships.
import { createHash } from 'node:crypto';
import { buildIndex } from '../src/catalog/build-index.js';
import { DEFAULT_CONFIG, type RankConfig } from '../src/catalog/config.js';
import { withinBudget } from '../src/catalog/query-budget.js';
import { type QueryTerm, queryTerms } from '../src/catalog/query-terms.js';
import { idf, scoreTools } from '../src/catalog/score.js';
import { forEachTerm } from '../src/catalog/tokenize.js';
import { FIELD_COUNT, findPosting, type ToolIndex, termDf } from '../src/catalog/tool-index.js';
import { fieldText, toRankTool } from '../src/catalog/tool-text.js';
import { bootstrap, formatInterval } from './bootstrap.js';
import { type EvalCase, evalFilePath, familyOf, loadEvalCases } from './catalog-eval-data.js';
import { caseMetrics } from './catalog-metrics.js';
import { formatTable } from './format-table.js';
import { keywordCases } from './keyword-queries.js';

const CANDIDATES = Number(process.env.LTR_CANDIDATES ?? 40);
const FOLDS = 5;
const LAMBDA = Number(process.env.LTR_LAMBDA ?? 0.01);

export const FEATURES = [
  'score',
  'name',
  'server',
  'description',
  'parameters',
  'serverDoc',
  'coverage',
  'nameCoverage',
  'descLength',
  'bigrams',
  'serverShare',
  'firstMatch',
] as const;

type Row = { doc: number; rel: number; base: number; x: Float64Array };
type Prepared = { c: EvalCase; family: string; fold: number; rows: Row[]; relevant: number };

const only = (cfg: RankConfig, field: number): RankConfig => ({
  ...cfg,
  nameWeight: field === 0 ? cfg.nameWeight : 0,
  serverWeight: field === 1 ? cfg.serverWeight : 0,
  descriptionWeight: field === 2 ? cfg.descriptionWeight : 0,
  paramsWeight: field === 3 ? cfg.paramsWeight : 0,
  gluedWeight: field === 0 ? cfg.gluedWeight : 0,
  serverBoost: 0,
  serverDocWeight: 0,
});

function sequence(text: string): string[] {
  const out: string[] = [];
  forEachTerm(text, (t) => out.push(t.text));
  return out;
}

function pairs(seq: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 1 < seq.length; i++) {
    out.add(`${seq[i]} ${seq[i + 1]}`);
    if (i + 2 < seq.length) out.add(`${seq[i]} ${seq[i + 2]}`);
  }
  return out;
}

const maxOf = (a: Float64Array, docs: readonly number[]) =>
  Math.max(1e-9, ...docs.map((d) => a[d] as number));

function prepare(c: EvalCase, cfg: RankConfig): Prepared {
  const index: ToolIndex = buildIndex(c.tools.map(toRankTool));
  const query = queryTerms(c.query, c.context, cfg);
  const terms = withinBudget(index, query.terms);
  const base = scoreTools(index, terms, cfg);
  const order = [...base.keys()].filter((d) => (base[d] as number) > 0);
  order.sort((a, b) => (base[b] as number) - (base[a] as number) || a - b);
  const docs = order.slice(0, CANDIDATES);
  const fields = [0, 1, 2, 3].map((f) => scoreTools(index, terms, only(cfg, f)));
  const noDoc = scoreTools(index, terms, { ...cfg, serverBoost: 0, serverDocWeight: 0 });
  const withDoc = scoreTools(index, terms, { ...cfg, serverBoost: 0 });
  const n = index.tools.length;
  const asked = terms.filter((q: QueryTerm) => !q.via && !q.fromContext && termDf(index, q.term) > 0);
  const askedIdf = asked.map((q) => idf(termDf(index, q.term), n));
  const totalIdf = askedIdf.reduce((s, x) => s + x, 0) || 1;
  const askedSet = new Set(asked.map((q) => q.term));
  const qPairs = pairs(c.query.flatMap(sequence));
  const top = docs.slice(0, 10);
  const serverCount = new Map<number, number>();
  for (const d of top)
    serverCount.set(index.serverOf[d] as number, (serverCount.get(index.serverOf[d] as number) ?? 0) + 1);
  const rel = new Set(c.relevant);
  const maxBase = maxOf(base, docs);
  const maxField = fields.map((f) => maxOf(f, docs));
  const serverDoc = new Float64Array(n);
  for (const d of docs) serverDoc[d] = (withDoc[d] as number) - (noDoc[d] as number);
  const maxDoc = maxOf(serverDoc, docs);
  const rows = docs.map((d, rank) => {
    const tool = c.tools[d] as (typeof c.tools)[number];
    let covered = 0;
    let firstPos = -1;
    asked.forEach((q, i) => {
      const p = findPosting(index, q.term, d);
      if (p >= 0) covered += askedIdf[i] as number;
    });
    const nameSeq = sequence(tool.toolName);
    const nameTerms = nameSeq.filter((t) => t.length > 1);
    const nameCov = nameTerms.length ? nameTerms.filter((t) => askedSet.has(t)).length / nameTerms.length : 0;
    const textSeq = [...nameSeq, '|', ...sequence(fieldText(toRankTool(tool), 2))];
    firstPos = textSeq.findIndex((t) => askedSet.has(t));
    const tPairs = pairs(textSeq);
    let bigrams = 0;
    for (const p of qPairs) if (tPairs.has(p)) bigrams++;
    const x = Float64Array.from([
      (base[d] as number) / maxBase,
      (fields[0]?.[d] as number) / (maxField[0] as number),
      (fields[1]?.[d] as number) / (maxField[1] as number),
      (fields[2]?.[d] as number) / (maxField[2] as number),
      (fields[3]?.[d] as number) / (maxField[3] as number),
      (serverDoc[d] as number) / maxDoc,
      covered / totalIdf,
      nameCov,
      Math.log1p(index.fieldLengths[d * FIELD_COUNT + 2] as number) / 5,
      Math.log1p(bigrams),
      rank < 10 ? ((serverCount.get(index.serverOf[d] as number) ?? 1) - 1) / 9 : 0,
      firstPos < 0 ? 0 : 1 / (1 + firstPos),
    ]);
    return { doc: d, rel: rel.has(tool.toolKey) ? 1 : 0, base: base[d] as number, x };
  });
  // LTR_FOLDS=family holds out one family at a time: a proxy for a family the fit never saw.
  const fold =
    process.env.LTR_FOLDS === 'family'
      ? ['livemcp', 'metatool', 'toolbench'].indexOf(familyOf(c))
      : (createHash('sha256').update(c.id).digest()[0] as number) % FOLDS;
  return { c, family: familyOf(c), fold, rows, relevant: c.relevant.length };
}

const dot = (w: Float64Array, x: Float64Array) => {
  let s = 0;
  for (let i = 0; i < w.length; i++) s += (w[i] as number) * (x[i] as number);
  return s;
};

// Pairwise logistic loss over (relevant, other) candidate pairs, each case weighted so that every
// family counts equally (the macro headline), L2 towards the ranker alone (weight 1 on `score`).
function fitLogistic(train: readonly Prepared[], mask: readonly boolean[]): Float64Array {
  const dim = FEATURES.length;
  const prior = new Float64Array(dim);
  prior[0] = 10;
  const w = Float64Array.from(prior);
  const perFamily = new Map<string, number>();
  for (const p of train) perFamily.set(p.family, (perFamily.get(p.family) ?? 0) + 1);
  const items: { a: Float64Array; b: Float64Array; weight: number }[] = [];
  for (const p of train) {
    const pos = p.rows.filter((r) => r.rel);
    const neg = p.rows.filter((r) => !r.rel).slice(0, 20);
    if (!pos.length || !neg.length) continue;
    const weight = 1 / (pos.length * neg.length * (perFamily.get(p.family) as number));
    for (const a of pos) for (const b of neg) items.push({ a: a.x, b: b.x, weight });
  }
  const m = new Float64Array(dim);
  const v = new Float64Array(dim);
  const lr = 0.05;
  for (let it = 1; it <= 400; it++) {
    const g = new Float64Array(dim);
    for (const { a, b, weight } of items) {
      const z = dot(w, a) - dot(w, b);
      const s = -weight / (1 + Math.exp(z));
      for (let i = 0; i < dim; i++) g[i] = (g[i] as number) + s * ((a[i] as number) - (b[i] as number));
    }
    for (let i = 0; i < dim; i++) {
      const gi = mask[i] ? (g[i] as number) + LAMBDA * ((w[i] as number) - (prior[i] as number)) : 0;
      m[i] = 0.9 * (m[i] as number) + 0.1 * gi;
      v[i] = 0.999 * (v[i] as number) + 0.001 * gi * gi;
      const mh = (m[i] as number) / (1 - 0.9 ** it);
      const vh = (v[i] as number) / (1 - 0.999 ** it);
      w[i] = (w[i] as number) - (lr * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  return w;
}

function macroOf(train: readonly Prepared[], w: Float64Array): number {
  const sums = new Map<string, [number, number]>();
  for (const p of train) {
    const s = sums.get(p.family) ?? [0, 0];
    s[0] += ndcg(p, w);
    s[1]++;
    sums.set(p.family, s);
  }
  let total = 0;
  for (const [t, n] of sums.values()) total += t / n;
  return total / sums.size;
}

// Coordinate ascent on the training folds' macro nDCG@10 itself, from the ranker alone (weight 1 on
// `score`), with small steps and an L1-like price per unit of weight moved, so it keeps few features.
function ascend(train: readonly Prepared[], mask: readonly boolean[]): Float64Array {
  const w = new Float64Array(FEATURES.length);
  w[0] = 1;
  const price = (x: Float64Array) => LAMBDA * x.reduce((s, v, i) => s + (i ? Math.abs(v) : 0), 0);
  let best = macroOf(train, w) - price(w);
  for (let round = 0; round < 3; round++) {
    let moved = false;
    for (let i = 1; i < FEATURES.length; i++) {
      if (!mask[i]) continue;
      for (const step of [-0.4, -0.2, -0.1, -0.05, 0.05, 0.1, 0.2, 0.4]) {
        const t = Float64Array.from(w);
        t[i] = (t[i] as number) + step;
        const v = macroOf(train, t) - price(t);
        if (v > best + 1e-4) {
          best = v;
          w.set(t);
          moved = true;
        }
      }
    }
    if (!moved) break;
  }
  return w;
}

function ndcg(p: Prepared, w: Float64Array | undefined): number {
  const rows = [...p.rows];
  if (w) rows.sort((a, b) => dot(w, b.x) - dot(w, a.x) || b.base - a.base);
  const ranking = rows.map((r) => (p.c.tools[r.doc] as { toolKey: string }).toolKey);
  return caseMetrics(ranking, p.c.relevant)['nDCG@10'];
}

function byFamily(prepared: readonly Prepared[], scores: readonly number[]) {
  const out = new Map<string, number[]>();
  prepared.forEach((p, i) => {
    const list = out.get(p.family) ?? [];
    list.push(scores[i] as number);
    out.set(p.family, list);
  });
  return out;
}

function crossValidate(prepared: readonly Prepared[], mask: readonly boolean[]) {
  const oof = new Array<number>(prepared.length);
  const weights: Float64Array[] = [];
  const folds = process.env.LTR_FOLDS === 'family' ? 3 : FOLDS;
  for (let f = 0; f < folds; f++) {
    const train = prepared.filter((p) => p.fold !== f);
    const w = process.env.LTR_FIT === 'logistic' ? fitLogistic(train, mask) : ascend(train, mask);
    weights.push(w);
    prepared.forEach((p, i) => {
      if (p.fold === f) oof[i] = ndcg(p, w);
    });
  }
  return { oof, weights };
}

const sentences = loadEvalCases(evalFilePath());
if (!sentences) {
  console.log('catalog ltr: no dev set; set AGENT_SEARCH_SHARED. Nothing to do.');
  process.exit(0);
}
const masks: [string, boolean[]][] = [
  ['all features', FEATURES.map(() => true)],
  ['fields only', FEATURES.map((_, i) => i <= 5)],
  ['no sibling/position', FEATURES.map((f) => f !== 'serverShare' && f !== 'firstMatch')],
  ['bigrams only', FEATURES.map((f) => f === 'score' || f === 'bigrams')],
  ['coverage only', FEATURES.map((f) => f === 'score' || f === 'coverage')],
];
for (const [variant, cases] of [
  ['sentence', sentences],
  ['keyword', keywordCases(sentences)],
] as const) {
  const prepared = cases.map((c) => prepare(c, DEFAULT_CONFIG));
  const base = prepared.map((p) => ndcg(p, undefined));
  const baseFam = bootstrap(byFamily(prepared, base));
  console.log(`\n## ${variant}: ranker ${formatInterval(baseFam.macro)}`);
  // The ceiling of any re-ranking: the share of relevant tools among the candidates it re-orders.
  const reach = byFamily(
    prepared,
    prepared.map((p) => p.rows.filter((r) => r.rel).length / p.relevant),
  );
  console.log(
    `relevant tools within the top ${CANDIDATES}: ${[...reach].map(([f, xs]) => `${f} ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(3)}`).join(', ')}`,
  );
  for (const [name, mask] of masks) {
    const { oof, weights } = crossValidate(prepared, mask);
    const ours = bootstrap(byFamily(prepared, oof));
    const gain = bootstrap(
      byFamily(
        prepared,
        oof.map((x, i) => x - (base[i] as number)),
      ),
    );
    const rows = [...ours.families.keys()].map((f) => [
      f,
      formatInterval(baseFam.families.get(f) as never),
      formatInterval(ours.families.get(f) as never),
      formatInterval(gain.families.get(f) as never),
    ]);
    rows.push([
      'macro',
      formatInterval(baseFam.macro),
      formatInterval(ours.macro),
      formatInterval(gain.macro),
    ]);
    console.log(`\n### ${name} (out of fold, folds: ${process.env.LTR_FOLDS ?? FOLDS})\n`);
    console.log(formatTable(['nDCG@10', 'ranker', 'ltr', 'gain'], rows));
    const mean = FEATURES.map((_, i) => weights.reduce((s, w) => s + (w[i] as number), 0) / weights.length);
    console.log(
      `weights (mean over folds): ${FEATURES.map((f, i) => `${f} ${(mean[i] as number).toFixed(2)}`).join(', ')}`,
    );
  }
}
