/** What a directory entry is matched on: its names first, then the words that describe it. */
export interface Rankable {
  /** Handles and names, best first (`billing-oncall`; `maya`, `Maya Chen`, `Maya`). */
  names: string[];
  /** Topic and purpose, or title. */
  words: string[];
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const wordsOf = (s: string) =>
  fold(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The caller's words, without the `#`/`@` a name may be written with. */
export const queryWords = (query: string) => wordsOf(query.replace(/^[#@]/, ''));

/**
 * How well an entry matches: an exact name 100, a name that starts with the query 60, a name word
 * starting with a query word 20 each, a word of the topic, purpose or title 8 each. Every query word
 * must match somewhere, else 0. Never list order.
 */
export function directoryScore(query: string, entry: Rankable): number {
  const whole = fold(query.trim().replace(/^[#@]/, ''));
  const words = queryWords(query);
  if (!whole || words.length === 0) return 0;
  const names = entry.names.filter(Boolean).map(fold);
  const nameWords = names.flatMap(wordsOf);
  const describing = entry.words.flatMap(wordsOf);
  let score = 0;
  if (names.includes(whole)) score += 100;
  else if (names.some((n) => n.startsWith(whole))) score += 60;
  for (const word of words) {
    const inName = nameWords.some((w) => w.startsWith(word));
    const inWords = describing.some((w) => w.startsWith(word));
    if (!inName && !inWords) return 0;
    score += (inName ? 20 : 0) + (inWords ? 8 : 0);
  }
  return score;
}

/** The entries that match, best first; ties by `tieBreak` (then as given). */
export function rankDirectory<T>(
  query: string,
  entries: T[],
  rankable: (entry: T) => Rankable,
  tieBreak: (a: T, b: T) => number = () => 0,
): T[] {
  return entries
    .map((entry) => ({ entry, score: directoryScore(query, rankable(entry)) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || tieBreak(a.entry, b.entry))
    .map((hit) => hit.entry);
}
