import type { AuditRecord } from './record.js';
import type { LineSink } from './sink.js';
import type { AuditStore, KeptRecord } from './stores.js';

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
/** How long closing waits for queued records to be written. */
const CLOSE_WAIT_MS = 5000;

/**
 * The audit's writer. `write` only queues (a read never waits for a disk or for Redis, and never fails for
 * them); the queue is drained in batches off the read's path. A full queue drops the record and counts it.
 */
export class AuditTrail {
  readonly #queue: AuditRecord[] = [];
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

  write(record: AuditRecord): void {
    if (!this.enabled) return;
    if (this.#queue.length >= this.options.queueMax) {
      this.#count('dropped', 1);
      return;
    }
    this.#queue.push(record);
    this.#draining ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.#drain());
  }

  /** Makes and writes a record; a fault in making it is counted as failed, never thrown into the read. */
  guard(make: () => void): void {
    try {
      make();
    } catch (err) {
      this.options.onError?.(err as Error);
      this.#count('failed', 1);
    }
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

  async #writeBatch(records: AuditRecord[]): Promise<void> {
    const kept: KeptRecord[] = records.map((record) => ({
      at: Date.parse(record.time),
      json: recordJson(record),
      record,
    }));
    const { sink, store } = this.options;
    await sink?.ready();
    let ok = sink ? sink.write(`${kept.map((k) => k.json).join('\n')}\n`) : true;
    if (store)
      ok = await store.append(kept).then(
        () => ok,
        (err: Error) => {
          this.options.onError?.(err);
          return false;
        },
      );
    this.#count(ok ? 'written' : 'failed', records.length);
  }

  #count(outcome: AuditOutcome, n: number) {
    this.counts[outcome] += n;
    this.options.onOutcome?.(outcome, n);
  }
}

/** `returned` as JSON, per object: the records of one cached answer share it (audit-read.ts), so it is written once. */
const returnedJson = new WeakMap<object, string>();

/** A record as its JSON line (`returned` last). */
function recordJson(record: AuditRecord): string {
  const { returned, ...rest } = record;
  if (returned === null) return JSON.stringify(record);
  let json = returnedJson.get(returned);
  if (json === undefined) {
    json = JSON.stringify(returned);
    returnedJson.set(returned, json);
  }
  return `${JSON.stringify(rest).slice(0, -1)},"returned":${json}}`;
}
