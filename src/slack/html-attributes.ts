/** Attributes the conversion reads, each kept up to MAX_ATTRIBUTE chars; all others are skipped unread. */
const WANTED = new Set([
  'class',
  'href',
  'src',
  'alt',
  'type',
  'checked',
  'data-section-style',
  'data-is-slack',
]);
const MAX_ATTRIBUTE = 2048;
/** Longer attribute names are none we read. */
const MAX_NAME = 40;

/** The attributes of the tag being read, as the tokenizer gives them piece by piece: only those WANTED. */
export class TagAttributes {
  #map = new Map<string, string>();
  #name = '';
  #value = '';

  /** The attributes read so far of the tag being read. */
  get map(): Map<string, string> {
    return this.#map;
  }

  /** A new tag: its attributes start empty (the last tag's stay with its element). */
  startTag(): void {
    this.#map = new Map();
  }

  name(html: string, start: number, end: number): void {
    this.#name = end - start <= MAX_NAME ? html.slice(start, end).toLowerCase() : '';
    this.#value = '';
  }

  data(html: string, start: number, end: number): void {
    if (WANTED.has(this.#name) && this.#value.length < MAX_ATTRIBUTE)
      this.#value += html.slice(start, Math.min(end, start + MAX_ATTRIBUTE - this.#value.length));
  }

  entity(codepoint: number): void {
    if (WANTED.has(this.#name) && this.#value.length < MAX_ATTRIBUTE)
      this.#value += String.fromCodePoint(codepoint);
  }

  end(): void {
    if (WANTED.has(this.#name)) this.#map.set(this.#name, this.#value);
  }
}
