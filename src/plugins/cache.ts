import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCacheBackend } from '../cache/backends.js';
import { type CachedFetch, createCachedFetch } from '../cache/cached-fetch.js';
import type { CacheStore, Clock, Coalescer } from '../cache/types.js';
import { createRateGate } from '../rate-gates/create-rate-gate.js';
import { pacesFor, type RateGate, type SlackMethods } from '../rate-gates/rate-gate.js';

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
  /** Injected parts; otherwise Redis-backed ones (behind the breaker) when `app.redis` is set, in-memory ones if not. */
  parts?: Partial<Omit<CacheParts, 'cachedFetch'>>;
  /** The Slack methods the app calls, each with its pace (the reads' declarations). */
  slackMethods: SlackMethods;
  onEvent?: (event: 'hit' | 'miss' | 'stale') => void;
}

async function cache(app: FastifyInstance, opts: CachePluginOptions) {
  const { clock, parts = {} } = opts;
  const { config } = app;
  const redis = app.redis?.client;
  const backend = createCacheBackend(redis ? 'redis-breaker' : 'memory', {
    clock,
    redis,
    breaker: app.redis?.breaker,
    maxEntries: config.CACHE_MAX_ENTRIES,
    maxBytes: config.CACHE_MAX_BYTES,
    lockTtlMs: config.CACHE_LOCK_TTL_MS,
  });
  const store = parts.store ?? backend.store;
  const coalescer = parts.coalescer ?? backend.coalescer;
  const gate =
    parts.gate ??
    createRateGate({
      paces: pacesFor(config.SLACK_RATE_PRESET, opts.slackMethods),
      appId: config.SLACK_APP_ID,
      clock,
      redis,
    });
  const cachedFetch = createCachedFetch({ store, coalescer, clock, onEvent: opts.onEvent });
  app.decorate('cache', { store, coalescer, gate, cachedFetch });
}

export default fp(cache, {
  name: 'cache',
  dependencies: ['config', 'redis'],
  decorators: { fastify: ['config', 'redis'] },
});
