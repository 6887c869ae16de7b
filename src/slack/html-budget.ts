/** Which limit ended a conversion early: its time, or the size of its text. */
export type StopReason = 'time' | 'size';

/** How many tokens are read between two looks at the clock. */
const CHECK_EVERY = 512;

/**
 * Where a conversion stands against its limits as it reads: how far into the HTML it has read, and which
 * limit, once one is reached, stopped it. The size of the text is looked at every token (so the text ends
 * within one token's markup of the limit), the clock every CHECK_EVERY tokens.
 */
export class ReadBudget {
  /** Characters of HTML read: up to the last token taken, or to where the text was cut at the size limit. */
  read = 0;
  stoppedBy: StopReason | undefined;
  #tokens = 0;

  constructor(
    private readonly maxChars: number,
    private readonly stopAt: number,
  ) {}

  /** A token ending at `end` comes, `written` characters of text written so far: false once a limit is reached. */
  token(end: number, written: number): boolean {
    // At the size limit the token adds no text: the HTML read ends where the text did.
    if (written >= this.maxChars) this.stoppedBy ??= 'size';
    else {
      this.read = end;
      if (++this.#tokens % CHECK_EVERY === 0 && Date.now() >= this.stopAt) this.stoppedBy ??= 'time';
    }
    return this.stoppedBy === undefined;
  }

  /** Characters of text that may still be written (below zero when markup took the text past the limit). */
  room(written: number): number {
    return this.maxChars - written;
  }

  /** The text was cut at the size limit where the HTML had been read up to `at`. */
  cut(at: number): void {
    this.read = at;
    this.stoppedBy ??= 'size';
  }
}
