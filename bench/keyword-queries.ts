import type { EvalCase } from './catalog-eval-data.js';

// Words that carry no topic in a request; a short generic list (not fitted to any family).
const FUNCTION_WORDS = new Set(
  (
    'a about above after all also am an and any are as at be because been being but by can could did do does ' +
    'each for from get got had has have having he her here him his how i if in into is it its just let like ' +
    'make me more most my need no not now of on one or our out over please should so some such than that the ' +
    'their them then there these they this those through to too up us use using very want was way we what ' +
    'when where which while who why will with would you your find show tell give help know looking going ' +
    'interested also able sure new many much well good best other another'
  ).split(' '),
);

const WORD = /[a-z][a-z0-9-]*[a-z0-9]|[a-z]/g;
// Quoted values, e-mail addresses and URLs are the task's data ('jenny@yahoo.com'), not what it asks for.
const LITERAL = /(?<!\w)'[^'\n]{1,60}'(?!\w)|(?<!\w)"[^"\n]{1,60}"(?!\w)|\S+@\S+|https?:\/\/\S+/g;

function contentWords(text: string): string[] {
  const words = text.replace(LITERAL, ' ').toLowerCase().replace(/'s\b/g, '').match(WORD) ?? [];
  return words.filter((w) => w.length >= 3 && !FUNCTION_WORDS.has(w));
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The keyword variant of the dev set: each case's query reduced to 2–4 content words (how many is fixed
 * by a hash of the id), the rarest across all the set's queries first, kept in the order asked. Uses the
 * queries only, never the tools or the labels.
 */
export function keywordCases(cases: readonly EvalCase[]): EvalCase[] {
  const df = new Map<string, number>();
  const words = cases.map((c) => contentWords(c.query.join(' ')));
  for (const ws of words) for (const w of new Set(ws)) df.set(w, (df.get(w) ?? 0) + 1);
  return cases.map((c, i) => {
    const unique = [...new Set(words[i])];
    const k = 2 + (hash(c.id) % 3);
    const keep = new Set(
      [...unique]
        .sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0) || unique.indexOf(a) - unique.indexOf(b))
        .slice(0, k),
    );
    const query = unique.filter((w) => keep.has(w));
    return { ...c, query: query.length > 0 ? query : c.query };
  });
}
