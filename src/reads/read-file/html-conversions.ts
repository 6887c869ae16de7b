import { createHash } from 'node:crypto';
import type { Converted } from '../../slack/html-to-text.js';
import { WorkerBusy, WorkerPool, WorkerTimeout, workerEntry } from '../../workers/worker-pool.js';

/** Characters of text one HTML file converts to at most (about what the 2 MB download holds). */
export const MAX_HTML_TEXT_CHARS = 2_000_000;
/** Longest one conversion reads before it answers with the text it has. */
export const CONVERT_MS = 3_000;
/** Heap a conversion thread may use (one past it fails alone: its thread is replaced). */
export const CONVERT_HEAP_MB = 256;
/** How long past its stop a conversion may take to hand its text back before its thread is ended. */
const GRACE_MS = 1_000;
/** Answered before the request's deadline, with the text converted by then. */
const DEADLINE_MARGIN_MS = 300;
/** Conversions that may wait for a thread; one more is refused (Overloaded). */
const MAX_QUEUED = 8;
/** Characters of whole conversions kept for documents read again (identical bytes, any reader). */
const KEPT_CHARS = 8_000_000;

const ENTRY = workerEntry(import.meta.url, 'html-worker');

/** Why a document's text could not be had: `busy` (every thread taken: try again) or `failed` (this document). */
export class ConversionFailed extends Error {
  constructor(
    readonly kind: 'busy' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

export interface HtmlConversionsOptions {
  /** Conversion threads. @default 1 */
  threads?: number;
  /** @default CONVERT_MS */
  convertMs?: number;
}

/**
 * HTML documents converted to text on worker threads, never on the event loop: each within MAX_HTML_TEXT_CHARS
 * and CONVERT_MS (or the request's deadline), answering with the text converted by then; a thread that
 * overruns even that is ended. Identical documents being converted at once share one conversion, and whole
 * conversions are kept (by the bytes' SHA-256, so only a reader who holds the same bytes gets them).
 */
export class HtmlConversions {
  readonly #pool: WorkerPool<{ html: string; maxChars: number; stopAt: number }, Converted>;
  readonly #running = new Map<string, Promise<Converted>>();
  readonly #kept = new Map<string, Converted>();
  readonly #convertMs: number;
  #keptChars = 0;

  constructor(options: HtmlConversionsOptions = {}) {
    this.#convertMs = options.convertMs ?? CONVERT_MS;
    this.#pool = new WorkerPool({
      entry: ENTRY,
      name: 'HTML conversion',
      size: options.threads ?? 1,
      maxQueued: MAX_QUEUED,
      resourceLimits: { maxOldGenerationSizeMb: CONVERT_HEAP_MB },
    });
  }

  /** The document's text (whole, or cut by a limit: see `complete`), or a ConversionFailed. */
  convert(html: string, deadline: number): Promise<Converted> {
    const key = createHash('sha256').update(html).digest('base64url');
    const kept = this.#kept.get(key);
    if (kept) {
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      return Promise.resolve(kept);
    }
    let running = this.#running.get(key);
    if (!running) {
      running = this.#run(key, html, deadline).finally(() => this.#running.delete(key));
      this.#running.set(key, running);
    }
    return running;
  }

  close(): Promise<void> {
    return this.#pool.close();
  }

  async #run(key: string, html: string, deadline: number): Promise<Converted> {
    const stopAt = Math.min(Date.now() + this.#convertMs, deadline - DEADLINE_MARGIN_MS);
    let converted: Converted;
    try {
      // The thread stops itself at stopAt; it is ended only when it overruns that (or cannot even start) by
      // the grace, or until just before the request's deadline, whichever is later.
      const end = Math.max(stopAt + GRACE_MS, deadline - 100);
      converted = await this.#pool.run({ html, maxChars: MAX_HTML_TEXT_CHARS, stopAt }, end);
    } catch (err) {
      if (err instanceof WorkerBusy || (err instanceof WorkerTimeout && !err.started))
        throw new ConversionFailed('busy', 'every HTML conversion thread is busy');
      throw new ConversionFailed(
        'failed',
        `its HTML could not be converted within ${this.#convertMs} ms and ${CONVERT_HEAP_MB} MB, the limits`,
      );
    }
    if (converted.complete && converted.text.length <= KEPT_CHARS / 4) this.#keep(key, converted);
    return converted;
  }

  #keep(key: string, converted: Converted): void {
    this.#kept.set(key, converted);
    this.#keptChars += converted.text.length;
    for (const [old, value] of this.#kept) {
      if (this.#keptChars <= KEPT_CHARS) break;
      this.#kept.delete(old);
      this.#keptChars -= value.text.length;
    }
  }
}
