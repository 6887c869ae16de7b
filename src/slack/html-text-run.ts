/**
 * The text between two tags as the tokenizer gives it (runs of characters and decoded entities), kept until
 * it is written as one piece. Each piece remembers where its source ends in the HTML, so a text cut short
 * can say how far into the HTML it reaches.
 */
export class TextRun {
  readonly #pieces: string[] = [];
  // A typed array: an entity-heavy document is one piece every few characters (a plain array of them costs
  // its conversion ~15% more time).
  #ends = new Int32Array(256);

  /** `piece` of text, its source ending at `end` in the HTML. */
  add(piece: string, end: number): void {
    const at = this.#pieces.length;
    if (at === this.#ends.length) this.#grow();
    this.#ends[at] = end;
    this.#pieces.push(piece);
  }

  get empty(): boolean {
    return this.#pieces.length === 0;
  }

  /** The text of the run. */
  text(): string {
    return this.#pieces.length === 1 ? (this.#pieces[0] as string) : this.#pieces.join('');
  }

  clear(): void {
    this.#pieces.length = 0;
  }

  /**
   * Where in the HTML the run's first `chars` characters end: exact within a run of characters; within an
   * entity, its end less the characters not taken (an entity's source is a few characters longer than it).
   */
  sourceAt(chars: number): number {
    let from = 0;
    for (let i = 0; i < this.#pieces.length; i++) {
      const to = from + (this.#pieces[i] as string).length;
      if (chars <= to) return (this.#ends[i] as number) - (to - chars);
      from = to;
    }
    return this.#ends[this.#pieces.length - 1] ?? 0;
  }

  #grow(): void {
    const ends = new Int32Array(this.#ends.length * 2);
    ends.set(this.#ends);
    this.#ends = ends;
  }
}
