import porter2 from 'wink-porter2-stemmer';

/**
 * Porter2 stem of a lower-case ASCII word (Porter2 keeps "news" apart from "new"), kept only when it
 * starts with the word's first three letters, as nearly all stems do: the prefix filter relies on it.
 */
export function stem(word: string): string {
  const s = porter2(word);
  if (s.length < 3) return word.length < 3 ? s : word;
  return word.startsWith(s.slice(0, 3)) ? s : word;
}
