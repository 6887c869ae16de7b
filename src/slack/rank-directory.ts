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
 * How well an entry matches (what `indexedScorer` computes over an index built once per entry): an exact name 100, a name that starts with the query 60, a name word
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

// An entry's index: `\u0001name\u0001name\u0001` `\u0002 name words \u0002` ` describing words `, folded
// once per load, so a search over 100,000 entries folds only the query. A word starts at a space, a name
// between two \u0001: neither occurs in a folded word or name.
const NAME = '\u0001';
const PART = '\u0002';

/** What `directoryScore` matches an entry on, folded into one string, built once per entry. */
export function indexEntry(entry: Rankable): string {
  const names = entry.names.filter(Boolean).map(fold);
  const nameWords = names.flatMap(wordsOf);
  const describing = entry.words.flatMap(wordsOf);
  // One join makes one flat string: a template of joins would keep a tree of pieces (~3× the bytes).
  return [
    NAME,
    names.join(NAME),
    NAME,
    PART,
    ' ',
    nameWords.join(' '),
    ' ',
    PART,
    ' ',
    describing.join(' '),
    ' ',
  ].join('');
}

/** Whether `needle` occurs in text[from, to). */
const within = (text: string, needle: string, from: number, to: number) => {
  const at = text.indexOf(needle, from);
  return at !== -1 && at + needle.length <= to;
};

/**
 * `directoryScore` over indexed entries (`indexEntry`): the same scores, the query folded once. Undefined
 * for a query that matches nothing (no words).
 */
export function indexedScorer(query: string): ((indexed: string) => number) | undefined {
  const whole = fold(query.trim().replace(/^[#@]/, ''));
  const words = queryWords(query).map((w) => ` ${w}`);
  if (!whole || words.length === 0) return undefined;
  const wholeOk = !whole.includes(NAME) && !whole.includes(PART);
  const exact = `${NAME}${whole}${NAME}`;
  const start = `${NAME}${whole}`;
  return (text) => {
    const names = text.indexOf(PART);
    const described = text.indexOf(PART, names + 1);
    let score = 0;
    for (const word of words) {
      const inName = within(text, word, names + 1, described);
      const inWords = within(text, word, described + 1, text.length);
      if (!inName && !inWords) return 0;
      score += (inName ? 20 : 0) + (inWords ? 8 : 0);
    }
    if (wholeOk && within(text, exact, 0, names)) score += 100;
    else if (wholeOk && within(text, start, 0, names)) score += 60;
    return score;
  };
}
