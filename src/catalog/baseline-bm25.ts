import { toResult } from './to-result.js';
import type { RankRequest, SearchResult, ToolInfo } from './types.js';

// The design of MCP Router's local BM25SearchProvider, the fallback our callers use when we are slow:
// kept faithful (no stemming, no identifier splitting, context ignored) so the bench compares fairly.
const K1 = 1.5;
const B = 0.75;
const NAME_WEIGHT = 3.0;
const DESCRIPTION_WEIGHT = 1.5;

const STOP_WORDS = new Set(
  (
    'a an the is are was were be been being have has had do does did will would could should may might ' +
    'must shall can need dare ought used to of in for on with at by from as into through during before ' +
    'after above below between under again further then once and but or nor so yet both either neither ' +
    'not only own same than too very just also now here there when where why how all each every any some ' +
    'no other such this that these those it its'
  ).split(' '),
);

const SEPARATORS = /[\s\-_.,;:!?()[\]{}'"]+/;

export function baselineTokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(SEPARATORS)
    .filter((t) => t.length >= 2 && !STOP_WORDS.has(t));
}

type Field = { tf: Map<string, number>; length: number };
type FieldStats = { df: Map<string, number>; avgLength: number };

function toField(text: string): Field {
  const tokens = baselineTokenize(text);
  const tf = new Map<string, number>();
  for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
  return { tf, length: tokens.length };
}

function stats(fields: Field[]): FieldStats {
  const df = new Map<string, number>();
  let total = 0;
  for (const f of fields) {
    total += f.length;
    for (const t of f.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  }
  return { df, avgLength: fields.length > 0 ? total / fields.length : 0 };
}

function fieldScore(field: Field, query: string[], s: FieldStats, n: number): number {
  if (field.length === 0) return 0;
  const norm = s.avgLength > 0 ? 1 - B + (B * field.length) / s.avgLength : 1;
  let score = 0;
  for (const term of query) {
    const tf = field.tf.get(term);
    if (!tf) continue;
    const df = s.df.get(term) ?? 0;
    const idf = Math.log((n - df + 0.5) / (df + 0.5) + 1);
    score += (idf * (tf * (K1 + 1))) / (tf + K1 * norm);
  }
  return score;
}

/** Plain per-field BM25 as in MCP Router; relevance is score / top score. */
export function rankToolsBaseline(req: RankRequest): SearchResult[] {
  const query = baselineTokenize(req.query.join(' '));
  if (query.length === 0) return [];
  const names = req.tools.map((t) => toField(`${t.toolName} ${t.serverName}`));
  const descriptions = req.tools.map((t) => toField(t.description ?? ''));
  const nameStats = stats(names);
  const descriptionStats = stats(descriptions);
  const n = req.tools.length;
  const scored: { tool: ToolInfo; score: number }[] = [];
  req.tools.forEach((tool, i) => {
    const score =
      NAME_WEIGHT * fieldScore(names[i] as Field, query, nameStats, n) +
      DESCRIPTION_WEIGHT * fieldScore(descriptions[i] as Field, query, descriptionStats, n);
    if (score > 0) scored.push({ tool, score });
  });
  scored.sort((a, b) => b.score - a.score);
  const top = scored[0]?.score ?? 1;
  return scored.slice(0, req.maxResults).map(({ tool, score }) => toResult(tool, score / top));
}
