import type { AuditRecord } from './record.js';
import { batchOf, partsOf, type RecordParts } from './record-line.js';
import type { LineSink } from './sink.js';
import type { AuditStore } from './stores.js';

/** What became of records: written (to every sink), dropped (the queue was full), failed (a sink refused). */
export type AuditOutcome = 'written' | 'dropped' | 'failed';

export interface AuditTrailOptions {
  /** The kept window (GET /admin/audit); undefined: none kept (AUDIT_MAX_RECORDS=0). */
  store?: AuditStore;
  /** The JSON lines (AUDIT_LOG); undefined: none. */
  sink?: LineSink;
  /** Records waiting at most; past it a record is dropped and counted. */
  queueMax: number;
  onOutcome?: (outcome: AuditOutcome, records: number) => void;
  /** A write that failed (never a record's content). */
  onError?: (err: Error) => void;
}

/** Records written per round: one Redis round trip and one write of lines each. */
const BATCH = 500;
/**
 * How long records gather before they are written: one write (and one Redis round trip) carries a busy
 * replica's records of this long, where a write per turn of the event loop cost about as much as making them.
 * A record reaches the file and the window this much later at most.
 */
export const GATHER_MS = 50;
/** How long closing waits for queued records to be written. */
const CLOSE_WAIT_MS = 5000;

/**
 * The audit's writer. `write` only queues (a read never waits for a disk or for Redis, and never fails for
 * them); the queue is drained in batches off the read's path. A full queue drops the record and counts it.
 */
export class AuditTrail {
  readonly #queue: RecordParts[] = [];
  #draining: Promise<void> | undefined;
  readonly counts: Record<AuditOutcome, number> = { written: 0, dropped: 0, failed: 0 };

  constructor(private readonly options: AuditTrailOptions) {}

  get store(): AuditStore | undefined {
    return this.options.store;
  }

  /** Whether records go anywhere at all. */
  get enabled(): boolean {
    return this.options.store !== undefined || this.options.sink !== undefined;
  }

  /** A record made whole elsewhere (tests, benches). */
  write(record: AuditRecord): void {
    this.writeParts(partsOf(record));
  }

  /**
   * A record's parts (record-line.ts), queued: its line is written with its batch's, up to GATHER_MS later.
   * Neither the parts nor what they point at (the read's parameters, its answer's ids) may change once queued.
   */
  writeParts(parts: RecordParts): void {
    if (!this.enabled) return;
    if (this.#queue.length >= this.options.queueMax) {
      this.#count('dropped', 1);
      return;
    }
    this.#queue.push(parts);
    this.#draining ??= new Promise<void>((resolve) => setTimeout(resolve, GATHER_MS)).then(() =>
      this.#drain(),
    );
  }

  /** A record that could not be made (never expected): counted as failed, never thrown into the read. */
  fault(err: Error): void {
    this.options.onError?.(err);
    this.#count('failed', 1);
  }

  /** Resolves once every record queued so far is written (or failed). */
  async flush(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  /** Writes what is queued, waiting at most `waitMs` (a hung store does not hold the process), then closes. */
  async close(waitMs = CLOSE_WAIT_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([this.flush(), waited]);
    clearTimeout(timer);
    await this.options.sink?.close();
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#writeBatch(this.#queue.splice(0, BATCH));
    } finally {
      this.#draining = undefined;
    }
  }

  async #writeBatch(records: RecordParts[]): Promise<void> {
    const { sink, store } = this.options;
    await sink?.ready();
    // One encoding for the file and the window alike.
    const batch = batchOf(records);
    if (batch.faults.length > 0) {
      for (const fault of batch.faults) this.options.onError?.(fault);
      this.#count('failed', batch.faults.length);
    }
    if (batch.at.length === 0) return;
    let ok = sink ? sink.write(batch.bytes) : true;
    if (store)
      ok = await store.append(batch).then(
        () => ok,
        (err: Error) => {
          this.options.onError?.(err);
          return false;
        },
      );
    this.#count(ok ? 'written' : 'failed', batch.at.length);
  }

  #count(outcome: AuditOutcome, n: number) {
    this.counts[outcome] += n;
    this.options.onOutcome?.(outcome, n);
  }
}
