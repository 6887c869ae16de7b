import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSlack } from '../../../fake-slack/index.js';
import { MemoryRecordStore } from '../../../src/sign-in/record-store.js';
import { EVICTING_SIGN_IN_REDIS } from '../../../src/sign-in/sign-in-redis.js';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { type SignInReplica, startOAuthSlack, startReplica } from '../sign-in-harness.js';
import { authorizeUrl, register, searchStatus, token, tokensFor } from './attack-kit.js';

// People's records, grants and clients were evicted to make room for anonymous state: with Redis under
// allkeys-lru (what docs/operations.md recommended for the cache), a flood of authorization requests signed
// people out; the memory store, once full, dropped the oldest records, people's first.

let slack: FakeSlack;
let cache: RedisServer;
let records: RedisServer;
beforeAll(async () => {
  slack = await startOAuthSlack();
  cache = await startRedisServer();
  records = await startRedisServer();
});
afterAll(async () => {
  await cache.stop();
  await records.stop();
  await slack.close();
});

async function configure(url: string, settings: Record<string, string>) {
  const client = new Redis(url);
  for (const [name, value] of Object.entries(settings)) await client.config('SET', name, value);
  const used = Number(/used_memory:(\d+)/.exec(await client.info('memory'))?.[1]);
  client.disconnect();
  return used;
}

describe('sign-in records are never evicted for anonymous state', () => {
  it('SIGN_IN_REDIS_URL naming a Redis that evicts is refused at boot, saying why', async () => {
    await configure(records.url, { 'maxmemory-policy': 'allkeys-lru' });
    const booting = startReplica({ slack, redisUrl: cache.url, config: { SIGN_IN_REDIS_URL: records.url } });
    await expect(booting).rejects.toThrow(EVICTING_SIGN_IN_REDIS('allkeys-lru'));
    await configure(records.url, { 'maxmemory-policy': 'noeviction' });
  });

  it('a flood of authorization requests from many addresses, the cache Redis full under allkeys-lru: the person’s calls and refresh still work', async () => {
    const s: SignInReplica = await startReplica({
      slack,
      redisUrl: cache.url,
      config: {
        SIGN_IN_REDIS_URL: records.url,
        TRUST_PROXY: '127.0.0.1',
        SIGN_IN_RATE_LIMIT_MAX: 0,
        SIGN_IN_ANONYMOUS_TOTAL: 300,
      },
    });
    try {
      const clientId = await register(s.base);
      const { tokens } = await tokensFor(s.base, clientId);
      // The cache Redis: 256 KB above what it holds now, evicting any key when full.
      const used = await configure(cache.url, { 'maxmemory-policy': 'allkeys-lru' });
      await configure(cache.url, { maxmemory: String(used + 256 * 1024) });
      const statuses = new Map<number, number>();
      for (let i = 0; i < 2000; i++) {
        const res = await fetch(authorizeUrl(s.base, clientId, { state: 's'.repeat(1000) }), {
          headers: { 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.1` },
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
      const refreshed = await token(s.base, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token as string,
        client_id: clientId,
      });
      expect({
        flood: Object.fromEntries(statuses),
        search: await searchStatus(s.base, tokens.access_token as string),
        refresh: refreshed.status,
        searchWithRefreshed: await searchStatus(s.base, refreshed.body.access_token),
      }).toEqual({
        // One of the 300 pending authorizations was the person's own sign-in.
        flood: { 200: 299, 429: 1701 },
        search: 200,
        refresh: 200,
        searchWithRefreshed: 200,
      });
    } finally {
      await s.app.close();
      await configure(cache.url, { maxmemory: '0' });
    }
  });
});

describe('the memory record store', () => {
  it('full of live records, refuses a new one (503) rather than evicting any; expired ones make room', async () => {
    let now = 0;
    const store = new MemoryRecordStore(() => now, 100);
    for (let i = 0; i < 60; i++) await store.set(`person:${i}`, 'kept', 3_600_000);
    for (let i = 0; i < 40; i++) await store.set(`pending:${i}`, 'anonymous', 600_000);
    const refused = await store.set('pending:new', 'anonymous', 600_000).then(
      () => undefined,
      (err: { statusCode: number; code: string; retryAfterSeconds: number }) => ({
        statusCode: err.statusCode,
        code: err.code,
        retryAfterSeconds: err.retryAfterSeconds,
      }),
    );
    const keptBefore = await Promise.all(Array.from({ length: 60 }, (_, i) => store.get(`person:${i}`)));
    // Ten minutes later the pending requests have expired: a write drops some and is stored.
    now = 600_001;
    await store.set('pending:later', 'anonymous', 600_000);
    const keptAfter = await Promise.all(Array.from({ length: 60 }, (_, i) => store.get(`person:${i}`)));
    expect({
      refused,
      keptBefore: keptBefore.every((v) => v === 'kept'),
      later: await store.get('pending:later'),
      keptAfter: keptAfter.every((v) => v === 'kept'),
    }).toEqual({
      refused: { statusCode: 503, code: 'AS_ERR_SIGN_IN_STORE_FULL', retryAfterSeconds: 60 },
      keptBefore: true,
      later: 'anonymous',
      keptAfter: true,
    });
  });
});
