import type { RankConfig } from './config.js';
import type { QueryTerm } from './query-terms.js';
import { FIELD_COUNT, type ToolIndex } from './tool-index.js';

const NAME = 0;

export function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

const normsMemo = new WeakMap<ToolIndex, { cfg: RankConfig; norms: Float64Array }>();

// Per tool and field: weight / (1 - b + b · length / mean length), kept with the (cached) index.
function fieldNorms(index: ToolIndex, cfg: RankConfig): Float64Array {
  const memo = normsMemo.get(index);
  if (memo?.cfg === cfg) return memo.norms;
  const n = index.tools.length;
  const w = [cfg.nameWeight, cfg.serverWeight, cfg.descriptionWeight, cfg.paramsWeight];
  const b = [cfg.nameB, cfg.serverB, cfg.descriptionB, cfg.paramsB];
  const norms = new Float64Array(n * FIELD_COUNT);
  for (let d = 0; d < n; d++) {
    for (let f = 0; f < FIELD_COUNT; f++) {
      const len = index.fieldLengths[d * FIELD_COUNT + f] as number;
      const bf = b[f] as number;
      norms[d * FIELD_COUNT + f] = (w[f] as number) / (1 - bf + (bf * len) / (index.avgLengths[f] as number));
    }
  }
  normsMemo.set(index, { cfg, norms });
  return norms;
}

// A query word inside a glued name (`inventory` in `getinventory`) counts as a weaker name match.
function addGlued(
  index: ToolIndex,
  term: string,
  weight: number,
  norms: Float64Array,
  tf: Float64Array,
  hit: number[],
) {
  const words = index.gluedWords;
  let last = -1;
  for (let g = 0; g < words.length; g++) {
    const word = words[g] as string;
    const d = index.gluedDocs[g] as number;
    if (d === last || word.length <= term.length || !word.includes(term)) continue;
    last = d;
    if (tf[d] === 0) hit.push(d);
    tf[d] = (tf[d] as number) + weight * (norms[d * FIELD_COUNT + NAME] as number);
  }
}

/** BM25 saturation of `x` for a term of weight `w` found in `df` of `n` documents. */
function saturate(w: number, df: number, n: number, x: number, k1: number): number {
  return (w * idf(df, n) * (k1 + 1) * x) / (k1 + x);
}

// Each tool gains a share of its server's score as one document (all its tools' text pooled), and of
// its best-scoring sibling: tasks often need several tools of one server.
function addServerEvidence(
  index: ToolIndex,
  scores: Float64Array,
  serverScores: Float64Array,
  cfg: RankConfig,
) {
  const n = index.tools.length;
  if (cfg.serverDocWeight > 0) {
    for (let d = 0; d < n; d++)
      scores[d] =
        (scores[d] as number) + cfg.serverDocWeight * (serverScores[index.serverOf[d] as number] as number);
  }
  if (cfg.serverBoost > 0) {
    const best = new Float64Array(index.serverCount);
    for (let d = 0; d < n; d++) {
      const s = index.serverOf[d] as number;
      if ((scores[d] as number) > (best[s] as number)) best[s] = scores[d] as number;
    }
    for (let d = 0; d < n; d++) {
      if ((scores[d] as number) > 0)
        scores[d] = (scores[d] as number) + cfg.serverBoost * (best[index.serverOf[d] as number] as number);
    }
  }
}

/** BM25F: field frequencies weighted and length-normalised per field, then one saturation. */
export function scoreTools(index: ToolIndex, terms: readonly QueryTerm[], cfg: RankConfig): Float64Array {
  const n = index.tools.length;
  const scores = new Float64Array(n);
  const tf = new Float64Array(n);
  const hit: number[] = [];
  const norms = fieldNorms(index, cfg);
  const k1 = cfg.k1;
  const servers = index.serverCount;
  const serverScores = new Float64Array(servers);
  const serverTf = new Float64Array(servers);
  const serverHit: number[] = [];
  for (const q of terms) {
    const id = index.termIds.get(q.term);
    if (id !== undefined) {
      for (let p = index.offsets[id] as number; p < (index.offsets[id + 1] as number); p++) {
        const d = index.docs[p] as number;
        let x = 0;
        for (let f = 0; f < FIELD_COUNT; f++)
          x += (index.counts[p * FIELD_COUNT + f] as number) * (norms[d * FIELD_COUNT + f] as number);
        if (tf[d] === 0) hit.push(d);
        tf[d] = (tf[d] as number) + x;
      }
    }
    if (cfg.gluedWeight > 0 && q.term.length >= 4) addGlued(index, q.term, cfg.gluedWeight, norms, tf, hit);
    for (const d of hit) {
      const x = tf[d] as number;
      scores[d] = (scores[d] as number) + saturate(q.weight, hit.length, n, x, k1);
      const s = index.serverOf[d] as number;
      if (serverTf[s] === 0) serverHit.push(s);
      serverTf[s] = (serverTf[s] as number) + x;
      tf[d] = 0;
    }
    for (const s of serverHit) {
      serverScores[s] =
        (serverScores[s] as number) +
        saturate(q.weight, serverHit.length, servers, serverTf[s] as number, k1);
      serverTf[s] = 0;
    }
    hit.length = 0;
    serverHit.length = 0;
  }
  addServerEvidence(index, scores, serverScores, cfg);
  return scores;
}
