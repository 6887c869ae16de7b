import type { Clock } from '../clock.js';

export interface FailureLimiterOptions {
  max: number;
  windowMs: number;
  /** Addresses remembered at most (oldest forgotten first). @default 10_000 */
  maxAddresses?: number;
  clock?: Clock;
}

/** Counts failures per client address in fixed windows; past `max` the address must wait for its window. */
export class FailureLimiter {
  readonly #windows = new Map<string, { start: number; failures: number }>();

  constructor(private readonly options: FailureLimiterOptions) {}

  /** Seconds the address must still wait, or 0 when it may try. */
  retryAfterS(address: string): number {
    const now = (this.options.clock ?? Date.now)();
    const w = this.#windows.get(address);
    if (!w || now - w.start >= this.options.windowMs) return 0;
    return w.failures >= this.options.max ? Math.ceil((w.start + this.options.windowMs - now) / 1000) : 0;
  }

  record(address: string): void {
    const now = (this.options.clock ?? Date.now)();
    let w = this.#windows.get(address);
    if (!w || now - w.start >= this.options.windowMs) w = { start: now, failures: 0 };
    w.failures++;
    this.#windows.delete(address);
    this.#windows.set(address, w);
    if (this.#windows.size > (this.options.maxAddresses ?? 10_000))
      this.#windows.delete(this.#windows.keys().next().value as string);
  }
}
