import { CONCEPT_LINES } from './concept-table.js';
import { stem } from './stem.js';
import { STOP_WORDS } from './stop-words.js';

/**
 * An index term, shared by every index built in this process. `stamp` and `slot` let an index
 * builder give each term a local id without a map lookup (builds are synchronous).
 */
export type Term = { text: string; concepts: readonly Term[] | undefined; stamp: number; slot: number };

export const CONCEPT_MARK = '#';
const ASCII_WORD = /^[a-z]+$/;
const MEMO_LIMIT = 200_000;
const memo = new Map<string, Term | null>();
const terms = new Map<string, Term>();
let concepts: Map<string, Term[]> | undefined;
const members = new Map<Term, Term[]>();

function newTerm(text: string, termConcepts?: readonly Term[]): Term {
  return { text, concepts: termConcepts, stamp: -1, slot: -1 };
}

function termFor(text: string): Term {
  let term = terms.get(text);
  if (!term) {
    term = newTerm(text, conceptMap().get(text));
    terms.set(text, term);
  }
  return term;
}

/**
 * Bounds the memo. Never called during a build, within which each text must keep one Term; later
 * stages find terms by text, so Terms made before a trim stay valid.
 */
export function trimLexicon(): void {
  if (memo.size + terms.size > MEMO_LIMIT) {
    memo.clear();
    terms.clear();
  }
}

function normalise(word: string): string {
  return ASCII_WORD.test(word) ? stem(word) : word;
}

function conceptMap(): Map<string, Term[]> {
  if (!concepts) {
    concepts = new Map();
    for (const line of CONCEPT_LINES) {
      const [name, words] = line.split(':') as [string, string];
      const concept = newTerm(CONCEPT_MARK + name);
      const texts = new Set(words.trim().split(/\s+/).map(normalise));
      for (const text of texts) {
        const list = concepts.get(text) ?? [];
        list.push(concept);
        concepts.set(text, list);
      }
      members.set(
        concept,
        [...texts].map((text) => newTerm(text)),
      );
    }
  }
  return concepts;
}

/** Terms standing for `concept` (only their text is meaningful). */
export function conceptMembers(concept: Term): readonly Term[] {
  return members.get(concept) ?? [];
}

/** The term for a lower-cased word (stemmed, with its concepts), or null for a stop word or one letter. */
export function wordTerm(word: string): Term | null {
  let term = memo.get(word);
  if (term === undefined) {
    term = word.length < 2 || STOP_WORDS.has(word) ? null : termFor(normalise(word));
    memo.set(word, term);
  }
  return term;
}

/** The term for a CJK bigram or single character, taken as it is. */
export function literalTerm(text: string): Term {
  return termFor(text);
}
