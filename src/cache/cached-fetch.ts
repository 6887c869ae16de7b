import type { Cached, CacheEntry, CacheStore, Clock, Coalescer } from './types.js';

export interface FetchPolicy<T> {
  /** Fresh lifetime for a value just loaded (may depend on the value, e.g. thread activity). */
  ttlMs: (value: T) => number;
  /** How long past freshness the entry may still be served when the load fails. */
  graceMs: number;
  load: () => Promise<T>;
  /** Whether a failure may be answered with a stale entry (rate limits, Slack down — not auth errors). */
  staleOn: (err: unknown) => boolean;
  /**
   * Epoch ms when the caller stops waiting. A load still running then is answered with the stale entry
   * when there is one (the load goes on and fills the cache); without one the wait goes on.
   */
  staleAt?: number;
}

export interface CachedFetchDeps {
  store: CacheStore;
  coalescer: Coalescer;
  clock: Clock;
  onEvent?: (event: 'hit' | 'miss' | 'stale') => void;
}

const TOO_LATE = Symbol('too late');

function orStale<T>(loading: Promise<T>, waitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(TOO_LATE), Math.max(0, waitMs));
  });
  loading.catch(() => {});
  return Promise.race([loading, late]).finally(() => clearTimeout(timer));
}

/** Cache-aside read with coalescing, stale-if-error and stale-if-slow. */
export function createCachedFetch({ store, coalescer, clock, onEvent }: CachedFetchDeps) {
  return async function cachedFetch<T>(key: string, policy: FetchPolicy<T>): Promise<Cached<T>> {
    const entry = await store.get<T>(key);
    if (entry && entry.freshUntil > clock()) {
      onEvent?.('hit');
      return {
        value: entry.value,
        status: 'HIT',
        ageMs: clock() - entry.storedAt,
        freshUntil: entry.freshUntil,
      };
    }
    const loadAndStore = async () => {
      const value = await policy.load();
      const now = clock();
      const freshUntil = now + policy.ttlMs(value);
      const fresh: CacheEntry<T> = {
        value,
        storedAt: now,
        freshUntil,
        staleUntil: freshUntil + policy.graceMs,
      };
      await store.set(key, fresh);
      return fresh;
    };
    const readFresh = async () => {
      const e = await store.get<T>(key);
      return e && e.freshUntil > clock() ? e : undefined;
    };
    const loading = coalescer.run(key, loadAndStore, readFresh);
    try {
      const { value, freshUntil } = await (entry && policy.staleAt !== undefined
        ? orStale(loading, policy.staleAt - clock())
        : loading);
      onEvent?.('miss');
      return { value, status: 'MISS', ageMs: 0, freshUntil };
    } catch (err) {
      if (entry && (err === TOO_LATE || policy.staleOn(err))) {
        onEvent?.('stale');
        return {
          value: entry.value,
          status: 'STALE',
          ageMs: clock() - entry.storedAt,
          freshUntil: entry.freshUntil,
        };
      }
      throw err;
    }
  };
}

export type CachedFetch = ReturnType<typeof createCachedFetch>;
