/**
 * The text between two tags as the tokenizer gives it (runs of characters and decoded entities), kept until
 * it is written as one piece.
 */
export class TextRun {
  readonly #pieces: string[] = [];

  add(piece: string): void {
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
}
