import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type CachedFetch, createCachedFetch } from '../cache/cached-fetch.js';
import { LocalCoalescer } from '../cache/local-coalescer.js';
import { MemoryStore } from '../cache/memory-store.js';
import { MemoryRateGate, pacesFor, type RateGate } from '../cache/rate-gate.js';
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
  /** Injected parts (e.g. Redis-backed); the embedded in-memory ones otherwise. */
  parts?: Partial<Omit<CacheParts, 'cachedFetch'>>;
  onEvent?: (event: 'hit' | 'miss' | 'stale') => void;
}

async function cache(app: FastifyInstance, opts: CachePluginOptions) {
  const { clock, parts = {} } = opts;
  const store = parts.store ?? new MemoryStore(app.config.CACHE_MAX_ENTRIES, clock);
  const coalescer = parts.coalescer ?? new LocalCoalescer();
  const gate = parts.gate ?? new MemoryRateGate(pacesFor(app.config.SLACK_RATE_PRESET), clock);
  const cachedFetch = createCachedFetch({ store, coalescer, clock, onEvent: opts.onEvent });
  app.decorate('cache', { store, coalescer, gate, cachedFetch });
}

export default fp(cache, { name: 'cache', dependencies: ['config'] });
