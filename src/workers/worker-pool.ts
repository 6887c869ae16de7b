import { type ResourceLimits, Worker } from 'node:worker_threads';

export type WorkerPoolOptions = {
  /** The worker's entry: a built `.js` file, or a `.ts` one (started through tsx, see `workerEntry`). */
  entry: URL;
  /** What the threads are for, in error messages: `the ${name} pool is closed`. */
  name: string;
  /** Threads. @default 1 */
  size?: number;
  /** Passed to each thread as `workerData`. */
  workerData?: Record<string, unknown>;
  /** Jobs that may wait for a thread; one more is refused (WorkerBusy). @default Infinity */
  maxQueued?: number;
  /** Each thread's heap and stack limits (a job past them fails alone: its thread is replaced). */
  resourceLimits?: ResourceLimits;
};

type Entry<J, R> = {
  id: number;
  job: J;
  resolve: (result: R) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
};
type Slot<J, R> = { worker: Worker; entry?: Entry<J, R> };
type Reply<R> = { id: number; result?: R; error?: string };

/** Thrown when a job did not finish (or start) by its deadline; a thread running it was replaced. */
export class WorkerTimeout extends Error {
  /** `started`: whether a thread had begun the job (false: it waited in the queue past its deadline). */
  constructor(
    message: string,
    readonly started = true,
  ) {
    super(message);
  }
}

/** Thrown when a job could not be handed to a thread (or no thread could be started); the threads stay free. */
export class WorkerHandoffError extends Error {}

/** Thrown at once when `maxQueued` jobs already wait. */
export class WorkerBusy extends Error {}

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/**
 * The worker entry `name` beside the module at `base` (its `import.meta.url`): `name.js` once built (an entry
 * of its own beside the chunks), `name.ts` where the service runs from its sources.
 */
export function workerEntry(base: string, name: string): URL {
  return new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base);
}

// The shim that starts a TypeScript entry through tsx: worker threads do not inherit tsx's loader.
const TSX_SHIM = new URL('./tsx-worker.mjs', import.meta.url);

/**
 * Runs jobs off the event loop on a few worker threads, so health checks and other requests stay fast
 * while they run. A job past its deadline is abandoned: its thread is terminated (the CPU is given back)
 * and replaced. Whatever goes wrong with one job (it cannot be handed over, its thread throws, dies or
 * runs late) is that job's rejection only: nothing is thrown from a timer or an event handler, and no
 * thread stays busy with a job that is over. Threads start with the first job.
 */
export class WorkerPool<J, R> {
  readonly #slots: Slot<J, R>[] = [];
  readonly #queue: Entry<J, R>[] = [];
  readonly #size: number;
  readonly #maxQueued: number;
  #nextId = 0;
  #closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    this.#size = Math.max(1, options.size ?? 1);
    this.#maxQueued = options.maxQueued ?? Number.POSITIVE_INFINITY;
  }

  /** The result of `job`, or a WorkerTimeout at `deadline` (epoch ms). */
  run(job: J, deadline: number): Promise<R> {
    if (this.#closed) return Promise.reject(new Error(`the ${this.options.name} pool is closed`));
    const idle = this.#slots.length < this.#size || this.#slots.some((s) => !s.entry);
    if (!idle && this.#queue.length >= this.#maxQueued)
      return Promise.reject(new WorkerBusy(`${this.#queue.length} ${this.options.name} jobs are waiting`));
    return new Promise((resolve, reject) => {
      const entry: Entry<J, R> = { id: this.#nextId++, job, resolve, reject, timer: undefined as never };
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
    const closed = new Error(`the ${this.options.name} pool is closed`);
    for (const entry of this.#queue.splice(0)) this.#fail(entry, closed);
    await Promise.all(
      this.#slots.splice(0).map((s) => {
        if (s.entry) this.#fail(s.entry, closed);
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
      const failure = new WorkerHandoffError(
        `no ${this.options.name} thread could start: ${asError(err).message}`,
      );
      for (const entry of this.#queue.splice(0)) this.#fail(entry, failure);
    }
  }

  #spawn(): Slot<J, R> {
    const { entry, workerData, resourceLimits } = this.options;
    const typescript = entry.pathname.endsWith('.ts');
    const slot: Slot<J, R> = {
      worker: new Worker(typescript ? TSX_SHIM : entry, {
        workerData: { ...workerData, ...(typescript ? { entry: entry.href } : {}) },
        resourceLimits,
      }),
    };
    slot.worker.unref();
    slot.worker.on('message', (reply: Reply<R>) => {
      const running = slot.entry;
      if (!running || running.id !== reply?.id) return;
      slot.entry = undefined;
      clearTimeout(running.timer);
      if (reply.error !== undefined) running.reject(new Error(reply.error));
      else running.resolve(reply.result as R);
      this.#dispatch();
    });
    slot.worker.on('messageerror', (err) => this.#replace(slot, err));
    slot.worker.on('error', (err) => this.#replace(slot, err));
    slot.worker.on('exit', () => this.#replace(slot, new Error(`a ${this.options.name} thread exited`)));
    return slot;
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      while (!slot.entry && this.#queue.length > 0) {
        const entry = this.#queue.shift() as Entry<J, R>;
        try {
          slot.worker.postMessage({ id: entry.id, job: entry.job });
          slot.entry = entry;
        } catch (err) {
          this.#fail(
            entry,
            new WorkerHandoffError(`the job could not be handed over: ${asError(err).message}`),
          );
        }
      }
    }
  }

  #expire(entry: Entry<J, R>): void {
    const queued = this.#queue.indexOf(entry);
    if (queued >= 0) {
      this.#queue.splice(queued, 1);
      entry.reject(new WorkerTimeout('waited past its deadline', false));
      return;
    }
    const slot = this.#slots.find((s) => s.entry === entry);
    if (slot) this.#replace(slot, new WorkerTimeout('ran past its deadline', true));
  }

  /** Fails the slot's job with `err`, ends its thread, and starts another. */
  #replace(slot: Slot<J, R>, err: Error): void {
    const at = this.#slots.indexOf(slot);
    if (at < 0 || this.#closed) return;
    this.#slots.splice(at, 1);
    if (slot.entry) this.#fail(slot.entry, err);
    slot.entry = undefined;
    slot.worker.terminate().catch(() => {});
    this.#fill();
    this.#dispatch();
  }

  #fail(entry: Entry<J, R>, err: Error): void {
    clearTimeout(entry.timer);
    entry.reject(err);
  }
}
