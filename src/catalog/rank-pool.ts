import { Worker } from 'node:worker_threads';
import type { Ranked, RankJob } from './types.js';

export type RankPoolOptions = {
  /** Ranking threads. @default 1 */
  size?: number;
  /** Estimated bytes of indexes each thread keeps for tool lists that come back. @default 64 MiB */
  cacheBytes?: number;
};

type Entry = {
  id: number;
  job: RankJob;
  resolve: (ranked: Ranked[]) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
};
type Slot = { worker: Worker; entry?: Entry };
type Reply = { id: number; ranked?: Ranked[]; error?: string };

/** Thrown when a ranking did not finish (or start) by its deadline; its thread was replaced. */
export class RankTimeout extends Error {}

/** Thrown when a job could not be handed to a thread (or no thread could be started); the threads stay free. */
export class RankHandoffError extends Error {}

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

// rank-worker.js once built; from TypeScript sources, a shim that loads rank-worker.ts through tsx.
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './rank-worker-tsx.mjs' : './rank-worker.js',
  import.meta.url,
);

/**
 * Ranks off the event loop on a few worker threads, so health checks and other requests stay fast
 * while big tool lists are indexed. A ranking past its deadline is abandoned: its thread is
 * terminated (the CPU is given back) and replaced. Whatever goes wrong with one job (it cannot be
 * handed over, its thread throws, dies or runs late) is that job's rejection only: nothing is thrown
 * from a timer or an event handler, and no thread stays busy with a job that is over.
 */
export class RankPool {
  readonly #slots: Slot[] = [];
  readonly #queue: Entry[] = [];
  readonly #cacheBytes: number;
  readonly #size: number;
  #nextId = 0;
  #closed = false;

  /** Threads start with the first ranking, so an app that never ranks never starts one. */
  constructor(options: RankPoolOptions = {}) {
    this.#cacheBytes = options.cacheBytes ?? 64 * 1024 * 1024;
    this.#size = Math.max(1, options.size ?? 1);
  }

  /** The ranking of `job`, or a RankTimeout at `deadline` (epoch ms). */
  rank(job: RankJob, deadline: number): Promise<Ranked[]> {
    if (this.#closed) return Promise.reject(new Error('the rank pool is closed'));
    return new Promise((resolve, reject) => {
      const entry: Entry = { id: this.#nextId++, job, resolve, reject, timer: undefined as never };
      entry.timer = setTimeout(() => this.#expire(entry), Math.max(0, deadline - Date.now()));
      this.#queue.push(entry);
      this.#fill();
      this.#dispatch();
    });
  }

  /** Jobs queued or running. */
  get pending(): number {
    return this.#queue.length + this.#slots.filter((s) => s.entry).length;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const entry of this.#queue.splice(0)) this.#fail(entry, new Error('the rank pool is closed'));
    await Promise.all(
      this.#slots.splice(0).map((s) => {
        if (s.entry) this.#fail(s.entry, new Error('the rank pool is closed'));
        return s.worker.terminate();
      }),
    );
  }

  /** Starts threads up to the pool's size; when none can start, the queued jobs fail. */
  #fill(): void {
    try {
      while (this.#slots.length < this.#size) this.#slots.push(this.#spawn());
    } catch (err) {
      if (this.#slots.length > 0) return;
      const failure = new RankHandoffError(`no ranking thread could start: ${asError(err).message}`);
      for (const entry of this.#queue.splice(0)) this.#fail(entry, failure);
    }
  }

  #spawn(): Slot {
    const slot: Slot = {
      worker: new Worker(WORKER_URL, { workerData: { cacheBytes: this.#cacheBytes } }),
    };
    slot.worker.unref();
    slot.worker.on('message', (reply: Reply) => {
      const entry = slot.entry;
      if (!entry || entry.id !== reply?.id) return;
      slot.entry = undefined;
      clearTimeout(entry.timer);
      if (reply.error !== undefined) entry.reject(new Error(reply.error));
      else entry.resolve(reply.ranked ?? []);
      this.#dispatch();
    });
    slot.worker.on('messageerror', (err) => this.#replace(slot, err));
    slot.worker.on('error', (err) => this.#replace(slot, err));
    slot.worker.on('exit', () => this.#replace(slot, new Error('a ranking thread exited')));
    return slot;
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      while (!slot.entry && this.#queue.length > 0) {
        const entry = this.#queue.shift() as Entry;
        try {
          slot.worker.postMessage({ id: entry.id, job: entry.job });
          slot.entry = entry;
        } catch (err) {
          this.#fail(
            entry,
            new RankHandoffError(`the job could not be handed over: ${asError(err).message}`),
          );
        }
      }
    }
  }

  #expire(entry: Entry): void {
    const queued = this.#queue.indexOf(entry);
    if (queued >= 0) {
      this.#queue.splice(queued, 1);
      entry.reject(new RankTimeout('waited past its deadline'));
      return;
    }
    const slot = this.#slots.find((s) => s.entry === entry);
    if (slot) this.#replace(slot, new RankTimeout('ran past its deadline'));
  }

  /** Fails the slot's job with `err`, ends its thread, and starts another. */
  #replace(slot: Slot, err: Error): void {
    const at = this.#slots.indexOf(slot);
    if (at < 0 || this.#closed) return;
    this.#slots.splice(at, 1);
    if (slot.entry) this.#fail(slot.entry, err);
    slot.entry = undefined;
    slot.worker.terminate().catch(() => {});
    this.#fill();
    this.#dispatch();
  }

  #fail(entry: Entry, err: Error): void {
    clearTimeout(entry.timer);
    entry.reject(err);
  }
}
