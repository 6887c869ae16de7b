declare module 'wink-porter2-stemmer' {
  /** Porter2 stem of a lower-case English word. */
  export default function stem(word: string): string;
}
