import type { Term } from './lexicon.js';
import { PREFIX_KEYS, prefixKey } from './tokenize.js';

/**
 * A set of term prefixes (first three characters, hashed): while indexing for one query, a word
 * whose prefix is not in the query's set cannot match and is skipped before any lookup. Every
 * term starts with the first three characters of its word (see `stem`), so nothing is missed.
 */
export type PrefixFilter = Uint8Array;

export function prefixFilter(
  terms: Iterable<Term>,
  members: (concept: Term) => readonly Term[],
): PrefixFilter {
  const filter = new Uint8Array(PREFIX_KEYS);
  const add = (t: Term) => {
    const key = prefixKey(t.text, 0, t.text.length);
    if (key >= 0) filter[key] = 1;
  };
  for (const t of terms) {
    add(t);
    if (t.concepts) for (const c of t.concepts) for (const m of members(c)) add(m);
  }
  return filter;
}
