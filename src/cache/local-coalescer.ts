import type { Coalescer } from './types.js';

/** Coalesces identical loads inside one process: followers await the leader's promise. */
export class LocalCoalescer implements Coalescer {
  readonly #inFlight = new Map<string, Promise<unknown>>();

  run<T>(key: string, load: () => Promise<T>): Promise<T> {
    const existing = this.#inFlight.get(key);
    if (existing) return existing as Promise<T>;
    const promise = load().finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, promise);
    return promise;
  }
}
