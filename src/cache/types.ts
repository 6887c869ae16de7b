/** One cached value with its timing. `staleUntil` ≥ `freshUntil`: between them it is served only on error. */
export interface CacheEntry<T = unknown> {
  value: T;
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
}

/** Where entries live: memory by default, Redis when configured. Implementations never throw on read. */
export interface CacheStore {
  get<T>(key: string): Promise<CacheEntry<T> | undefined>;
  set<T>(key: string, entry: CacheEntry<T>): Promise<void>;
  /**
   * Stores the entry only when the key holds none (a lease one process takes among many); true when stored.
   * False when the store cannot tell (Redis unreachable): nobody takes the lease then.
   */
  setIfAbsent<T>(key: string, entry: CacheEntry<T>): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** Makes concurrent identical loads share one call. `readFresh` lets a waiter pick up another holder's result. */
export interface Coalescer {
  run<T>(key: string, load: () => Promise<T>, readFresh: () => Promise<T | undefined>): Promise<T>;
}

export type CacheStatus = 'HIT' | 'MISS' | 'STALE';

export interface Cached<T> {
  value: T;
  status: CacheStatus;
  ageMs: number;
  /** When the entry stops being fresh: what a value derived from it may be cached for, at most. */
  freshUntil: number;
}

export type { Clock } from '../clock.js';
