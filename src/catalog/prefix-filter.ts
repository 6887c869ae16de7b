import type { Term } from './lexicon.js';

export const PREFIX_KEYS = 1 << 14;

/** Hash of the lower-cased first 1–3 characters of `text[start, end)`; -1 when it cannot be judged. */
export function prefixKey(text: string, start: number, end: number): number {
  let key = 0;
  const stop = Math.min(end, start + 3);
  for (let i = start; i < stop; i++) {
    let c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    else if (c >= 128 && !(c >= 0x3040 && c <= 0xd7af) && !(c >= 0xf900 && c <= 0xfaff)) return -1;
    key = (key * 37 + c) | 0;
  }
  return (key ^ (key >>> 14)) & (PREFIX_KEYS - 1);
}

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
