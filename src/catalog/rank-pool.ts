import { Worker } from 'node:worker_threads';
import type { RankRequest, SearchResult } from './types.js';

export type RankPoolOptions = {
  /** Ranking threads. @default 1 */
  size?: number;
  /** Estimated bytes of indexes each thread keeps for tool lists that come back. @default 64 MiB */
  cacheBytes?: number;
};

type Job = {
  id: number;
  req: RankRequest;
  resolve: (results: SearchResult[]) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
};
type Slot = { worker: Worker; job?: Job };

/** Thrown when a ranking did not finish (or start) by its deadline; its thread was replaced. */
export class RankTimeout extends Error {}

// rank-worker.js once built; from TypeScript sources, a shim that loads rank-worker.ts through tsx.
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './rank-worker-tsx.mjs' : './rank-worker.js',
  import.meta.url,
);

/**
 * Ranks off the event loop on a few worker threads, so health checks and other requests stay fast
 * while big tool lists are indexed. A ranking past its deadline is abandoned: its thread is
 * terminated (the CPU is given back) and replaced.
 */
export class RankPool {
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  readonly #cacheBytes: number;
  readonly #size: number;
  #nextId = 0;
  #closed = false;

  /** Threads start with the first ranking, so an app that never ranks never starts one. */
  constructor(options: RankPoolOptions = {}) {
    this.#cacheBytes = options.cacheBytes ?? 64 * 1024 * 1024;
    this.#size = Math.max(1, options.size ?? 1);
  }

  /** Results for `req`, or a RankTimeout at `deadline` (epoch ms). */
  rank(req: RankRequest, deadline: number): Promise<SearchResult[]> {
    if (this.#closed) return Promise.reject(new Error('the rank pool is closed'));
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.#nextId++, req, resolve, reject, timer: undefined as never };
      job.timer = setTimeout(() => this.#expire(job), Math.max(0, deadline - Date.now()));
      this.#queue.push(job);
      while (this.#slots.length < this.#size) this.#slots.push(this.#spawn());
      this.#dispatch();
    });
  }

  get pending(): number {
    return this.#queue.length + this.#slots.filter((s) => s.job).length;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) this.#fail(job, new Error('the rank pool is closed'));
    await Promise.all(
      this.#slots.map((s) => {
        if (s.job) this.#fail(s.job, new Error('the rank pool is closed'));
        return s.worker.terminate();
      }),
    );
  }

  #spawn(): Slot {
    const slot: Slot = {
      worker: new Worker(WORKER_URL, { workerData: { cacheBytes: this.#cacheBytes } }),
    };
    slot.worker.unref();
    slot.worker.on('message', (msg: { id: number; results?: SearchResult[]; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      slot.job = undefined;
      clearTimeout(job.timer);
      if (msg.error !== undefined) job.reject(new Error(msg.error));
      else job.resolve(msg.results ?? []);
      this.#dispatch();
    });
    slot.worker.on('error', (err) => this.#replace(slot, err));
    slot.worker.on('exit', () => {
      if (!this.#closed && this.#slots.includes(slot))
        this.#replace(slot, new Error('a ranking thread exited'));
    });
    return slot;
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (slot.job || this.#queue.length === 0) continue;
      const job = this.#queue.shift() as Job;
      slot.job = job;
      slot.worker.postMessage({ id: job.id, req: job.req });
    }
  }

  #expire(job: Job): void {
    const queued = this.#queue.indexOf(job);
    if (queued >= 0) {
      this.#queue.splice(queued, 1);
      job.reject(new RankTimeout('waited past its deadline'));
      return;
    }
    const slot = this.#slots.find((s) => s.job === job);
    if (slot) this.#replace(slot, new RankTimeout('ran past its deadline'));
  }

  #replace(slot: Slot, err: Error): void {
    const at = this.#slots.indexOf(slot);
    if (at < 0 || this.#closed) return;
    if (slot.job) this.#fail(slot.job, err);
    slot.job = undefined;
    this.#slots[at] = this.#spawn();
    void slot.worker.terminate();
    this.#dispatch();
  }

  #fail(job: Job, err: Error): void {
    clearTimeout(job.timer);
    job.reject(err);
  }
}
