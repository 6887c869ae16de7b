import type { CircuitBreaker } from '../redis/circuit-breaker.js';
import type { RedisClient } from '../redis/redis-client.js';
import { FallbackStore } from './fallback-store.js';
import { LocalCoalescer } from './local-coalescer.js';
import { MemoryStore } from './memory-store.js';
import { RedisCoalescer } from './redis-coalescer.js';
import { RedisStore } from './redis-store.js';
import type { CacheStore, Clock, Coalescer } from './types.js';

export interface CacheBackend {
  store: CacheStore;
  coalescer: Coalescer;
}

export interface BackendDeps {
  clock: Clock;
  maxEntries: number;
  maxBytes: number;
  lockTtlMs: number;
  /** Required by the Redis backends. */
  redis?: RedisClient;
  /** Required by `redis-breaker`. */
  breaker?: CircuitBreaker;
}

const memory = (d: BackendDeps): CacheBackend => ({
  store: new MemoryStore({ maxEntries: d.maxEntries, maxBytes: d.maxBytes, clock: d.clock }),
  coalescer: new LocalCoalescer(),
});

function need<T>(value: T | undefined, what: string, kind: string): T {
  if (value === undefined) throw new Error(`the ${kind} cache backend needs ${what}`);
  return value;
}

const redis = (d: BackendDeps): CacheBackend => {
  const client = need(d.redis, 'a Redis client', 'redis');
  return {
    store: new RedisStore(client, d.clock),
    coalescer: new RedisCoalescer(client, { lockTtlMs: d.lockTtlMs }),
  };
};

/** Redis behind a circuit breaker: while it is open, process memory and in-process coalescing. */
const redisBreaker = (d: BackendDeps): CacheBackend => {
  const breaker = need(d.breaker, 'a circuit breaker', 'redis-breaker');
  const shared = redis(d);
  return {
    store: new FallbackStore(shared.store, memory(d).store, () => !breaker.isOpen),
    coalescer: shared.coalescer,
  };
};

const BACKENDS = { memory, redis, 'redis-breaker': redisBreaker } satisfies Record<
  string,
  (deps: BackendDeps) => CacheBackend
>;

export type CacheBackendKind = keyof typeof BACKENDS;

/** The cache store and coalescer of one kind; a new backend is a file and an entry above. */
export function createCacheBackend(kind: CacheBackendKind, deps: BackendDeps): CacheBackend {
  return BACKENDS[kind](deps);
}
