import { ASCII_CLASS, CJK, classOf, JOINER, LOWER, SEPARATOR, UPPER } from './char-class.js';
import { literalTerm, type Term, wordTerm } from './lexicon.js';
import { type PrefixFilter, prefixKey } from './prefix-filter.js';

function accepts(filter: PrefixFilter, key: number): boolean {
  return key < 0 || filter[key] === 1;
}

/** Receives a term and the lower-cased word (or CJK pair) it was made from. */
export type Emit = (term: Term, word: string) => void;

function emitWord(word: string, emit: Emit): void {
  const term = wordTerm(word);
  if (term) emit(term, word);
}

const bounds = new Int32Array(256);

function compoundKey(text: string, start: number, end: number): number {
  let i = start;
  let stop = start;
  let kept = 0;
  while (stop < end && kept < 3) if (classOf(text.charCodeAt(stop++)) !== JOINER) kept++;
  while (i < stop && classOf(text.charCodeAt(i)) === JOINER) i++;
  if (stop - i === kept) return prefixKey(text, i, stop);
  let key = text.slice(i, stop);
  key = key.replace(/[-_]/g, '');
  return prefixKey(key, 0, key.length);
}

// An identifier such as `get_weather`, `ProductComparison` or `list-files` yields its parts and,
// when it has several, the whole joined token, so a query naming the identifier matches it exactly.
function identifier(text: string, start: number, end: number, emit: Emit, filter?: PrefixFilter): number {
  let parts = 0;
  let partStart = start;
  let prev = JOINER;
  for (let i = start; i <= end && parts < 127; i++) {
    const k = i < end ? classOf(text.charCodeAt(i)) : JOINER;
    const camel =
      k === UPPER &&
      (prev === LOWER || (prev === UPPER && i + 1 < end && classOf(text.charCodeAt(i + 1)) === LOWER));
    if ((k === JOINER || camel) && i > partStart) {
      bounds[2 * parts] = partStart;
      bounds[2 * parts + 1] = i;
      parts++;
    }
    if (k === JOINER) partStart = i + 1;
    else if (camel) partStart = i;
    prev = k;
  }
  let words = 0;
  for (let p = 0; p < parts; p++) {
    const s = bounds[2 * p] as number;
    const e = bounds[2 * p + 1] as number;
    if (e - s < 2) continue;
    words++;
    if (filter === undefined || accepts(filter, prefixKey(text, s, e)))
      emitWord(text.slice(s, e).toLowerCase(), emit);
  }
  if (parts > 1 && (filter === undefined || accepts(filter, compoundKey(text, start, end)))) {
    let whole = '';
    for (let p = 0; p < parts; p++) whole += text.slice(bounds[2 * p] as number, bounds[2 * p + 1] as number);
    emitWord(whole.toLowerCase(), emit);
  }
  return words;
}

function cjk(text: string, start: number, end: number, emit: Emit, filter?: PrefixFilter): number {
  const single = end - start === 1;
  for (let i = start; i + 1 < end || (single && i === start); i++) {
    const stop = single ? end : i + 2;
    if (filter === undefined || accepts(filter, prefixKey(text, i, stop))) {
      const pair = text.slice(i, stop);
      emit(literalTerm(pair), pair);
    }
  }
  return single ? 1 : end - start - 1;
}

/**
 * Calls `emit` for each index term of `text` (stemmed words, identifier parts, CJK bigrams) that
 * may pass `filter`; returns the number of words, stop words included, for length normalisation.
 */
export function forEachTerm(text: string, emit: Emit, filter?: PrefixFilter): number {
  const n = text.length;
  let words = 0;
  let i = 0;
  while (i < n) {
    const c0 = text.charCodeAt(i);
    const k = c0 < 128 ? (ASCII_CLASS[c0] as number) : classOf(c0);
    let j = i + 1;
    if (k === SEPARATOR) {
      i = j;
      continue;
    }
    if (k === CJK) {
      while (j < n && classOf(text.charCodeAt(j)) === CJK) j++;
      words += cjk(text, i, j, emit, filter);
      i = j;
      continue;
    }
    let complex = k === JOINER;
    let wide = c0 >= 128;
    for (; j < n; j++) {
      const c = text.charCodeAt(j);
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) continue;
      if ((c >= 65 && c <= 90) || c === 95 || c === 45) complex = true;
      else if (c < 128) break;
      else {
        const kj = classOf(c);
        if (kj === SEPARATOR || kj === CJK) break;
        wide = true;
      }
    }
    if (complex) words += identifier(text, i, j, emit, filter);
    else if (j - i > 1) {
      words++;
      if (filter === undefined || accepts(filter, prefixKey(text, i, j))) {
        const word = text.slice(i, j);
        emitWord(wide || k === UPPER ? word.toLowerCase() : word, emit);
      }
    }
    i = j;
  }
  return words;
}

export function tokenize(text: string): string[] {
  const out: string[] = [];
  forEachTerm(text, (t) => out.push(t.text));
  return out;
}
