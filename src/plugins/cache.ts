import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type CachedFetch, createCachedFetch } from '../cache/cached-fetch.js';
import { LocalCoalescer } from '../cache/local-coalescer.js';
import { MemoryStore } from '../cache/memory-store.js';
import { MemoryRateGate, pacesFor, type RateGate } from '../cache/rate-gate.js';
import { RedisCoalescer } from '../cache/redis-coalescer.js';
import { RedisRateGate } from '../cache/redis-rate-gate.js';
import { RedisStore } from '../cache/redis-store.js';
import type { CacheStore, Clock, Coalescer } from '../cache/types.js';

export interface CacheParts {
  store: CacheStore;
  coalescer: Coalescer;
  gate: RateGate;
  cachedFetch: CachedFetch;
}

declare module 'fastify' {
  interface FastifyInstance {
    cache: CacheParts;
  }
}

export interface CachePluginOptions {
  clock: Clock;
  /** Injected parts; otherwise Redis-backed ones when `app.redis` is set, in-memory ones if not. */
  parts?: Partial<Omit<CacheParts, 'cachedFetch'>>;
  onEvent?: (event: 'hit' | 'miss' | 'stale') => void;
}

async function cache(app: FastifyInstance, opts: CachePluginOptions) {
  const { clock, parts = {} } = opts;
  const { config } = app;
  const redis = app.redis?.client;
  const paces = pacesFor(config.SLACK_RATE_PRESET);
  const store =
    parts.store ?? (redis ? new RedisStore(redis, clock) : new MemoryStore(config.CACHE_MAX_ENTRIES, clock));
  const coalescer =
    parts.coalescer ??
    (redis ? new RedisCoalescer(redis, { lockTtlMs: config.CACHE_LOCK_TTL_MS }) : new LocalCoalescer());
  const gate =
    parts.gate ??
    (redis
      ? new RedisRateGate(redis, { paces, appId: config.SLACK_APP_ID, clock })
      : new MemoryRateGate(paces, clock));
  const cachedFetch = createCachedFetch({ store, coalescer, clock, onEvent: opts.onEvent });
  app.decorate('cache', { store, coalescer, gate, cachedFetch });
}

export default fp(cache, { name: 'cache', dependencies: ['config', 'redis'] });
