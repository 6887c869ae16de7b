import type { RankConfig } from './config.js';
import { CONCEPT_MARK, type Term, trimLexicon, wordTerm } from './lexicon.js';
import { rewritePaths } from './query-paths.js';
import { REQUEST_FILLER } from './stop-words.js';
import { forEachTerm } from './tokenize.js';

export type QueryTerm = {
  term: string;
  /** What to call the match: the word as asked, or the topic a related word stands for. */
  label: string;
  /** For a topic: the asked word that brought it in. */
  via?: string;
  weight: number;
  fromContext: boolean;
};

export type Query = { terms: QueryTerm[]; words: Term[] };

/** Distinct words kept from the query and from the context before the index is consulted. */
const MAX_CANDIDATES = 256;

let filler: Set<string> | undefined;

function isFiller(term: Term): boolean {
  filler ??= new Set([...REQUEST_FILLER].flatMap((w) => wordTerm(w)?.text ?? []));
  return filler.has(term.text);
}

type Found = Map<Term, { word: string; count: number }>;

function collect(text: string, into: Found): void {
  forEachTerm(rewritePaths(text), (term, word) => {
    if (isFiller(term)) return;
    const seen = into.get(term);
    if (seen) seen.count++;
    else into.set(term, { word, count: 1 });
  });
}

// A long text keeps its most repeated words, earlier ones first on a tie (the sort is stable).
function capped(found: Found): Found {
  if (found.size <= MAX_CANDIDATES) return found;
  return new Map([...found].sort((a, b) => b[1].count - a[1].count).slice(0, MAX_CANDIDATES));
}

/**
 * The weighted terms of a request: query items pooled into one bag (repeats count logarithmically),
 * each word's topics at `conceptWeight`, and `context` at `contextWeight` of all that.
 */
export function queryTerms(query: readonly string[], context: string | undefined, cfg: RankConfig): Query {
  trimLexicon();
  const out = new Map<string, QueryTerm>();
  const add = (qt: QueryTerm) => {
    const prev = out.get(qt.term);
    if (!prev || prev.weight < qt.weight) out.set(qt.term, qt);
  };
  const addAll = (found: Found, scale: number, fromContext: boolean) => {
    for (const [t, { word, count }] of found) {
      add({ term: t.text, label: word, weight: scale * (1 + Math.log(count)), fromContext });
      for (const c of t.concepts ?? []) {
        const label = c.text.slice(CONCEPT_MARK.length);
        add({ term: c.text, label, via: word, weight: scale * cfg.conceptWeight, fromContext });
      }
    }
  };
  const asked: Found = new Map();
  for (const item of query) collect(item, asked);
  const kept = capped(asked);
  addAll(kept, 1, false);
  const words = [...kept.keys()];
  if (context) {
    const extra: Found = new Map();
    collect(context, extra);
    const keptExtra = capped(extra);
    addAll(keptExtra, cfg.contextWeight, true);
    words.push(...keptExtra.keys());
  }
  return { terms: [...out.values()], words };
}
