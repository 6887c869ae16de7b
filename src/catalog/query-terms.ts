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

let filler: Set<string> | undefined;

function isFiller(term: Term): boolean {
  filler ??= new Set([...REQUEST_FILLER].flatMap((w) => wordTerm(w)?.text ?? []));
  return filler.has(term.text);
}

function collect(text: string, into: Map<Term, { word: string; count: number }>): void {
  forEachTerm(rewritePaths(text), (term, word) => {
    if (isFiller(term)) return;
    const seen = into.get(term);
    if (seen) seen.count++;
    else into.set(term, { word, count: 1 });
  });
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
  const addAll = (found: Map<Term, { word: string; count: number }>, scale: number, fromContext: boolean) => {
    for (const [t, { word, count }] of found) {
      add({ term: t.text, label: word, weight: scale * (1 + Math.log(count)), fromContext });
      for (const c of t.concepts ?? []) {
        const label = c.text.slice(CONCEPT_MARK.length);
        add({ term: c.text, label, via: word, weight: scale * cfg.conceptWeight, fromContext });
      }
    }
  };
  const asked = new Map<Term, { word: string; count: number }>();
  for (const item of query) collect(item, asked);
  addAll(asked, 1, false);
  const words = [...asked.keys()];
  if (context) {
    const extra = new Map<Term, { word: string; count: number }>();
    collect(context, extra);
    addAll(extra, cfg.contextWeight, true);
    words.push(...extra.keys());
  }
  return { terms: [...out.values()], words };
}
