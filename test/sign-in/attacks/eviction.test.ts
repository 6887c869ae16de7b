import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OTHER_USER_ID, type FakeSlack } from '../../../fake-slack/index.js';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { type SignInReplica, startOAuthSlack, startReplica } from '../sign-in-harness.js';
import { register, searchStatus, token, tokensFor } from './attack-kit.js';

// Eviction: with the answer cache's allkeys-lru, a flood of anything would evict people's records, grants and
// registrations. Sign-in refuses such a Redis; its records go to one of their own (SIGN_IN_REDIS_URL), which a
// flood of cache entries cannot touch.

let cache: RedisServer;
let records: RedisServer;
let slack: FakeSlack;

beforeAll(async () => {
  [cache, records] = await Promise.all([startRedisServer(), startRedisServer()]);
  const admin = new Redis(cache.url);
  await admin.config('SET', 'maxmemory', '8mb');
  await admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
  admin.disconnect();
  slack = await startOAuthSlack();
});
afterAll(async () => {
  await slack.close();
  await Promise.all([cache.stop(), records.stop()]);
});

describe('sign-in storage that cannot be evicted', () => {
  it('refuses to start when its records would share a Redis that evicts', async () => {
    await expect(startReplica({ slack, redisUrl: cache.url })).rejects.toThrow(
      /^Invalid setup: sign-in keeps people's records, grants and client registrations in the Redis of REDIS_URL, whose maxmemory-policy is allkeys-lru/,
    );
  });

  it('with SIGN_IN_REDIS_URL, filling the cache Redis past its memory evicts no person, grant or registration', async () => {
    let s: SignInReplica | undefined;
    try {
      s = await startReplica({ slack, redisUrl: cache.url, config: { SIGN_IN_REDIS_URL: records.url } });
      const clientId = await register(s.base);
      const person = await tokensFor(s.base, clientId, DEMO_OTHER_USER_ID);
      const filler = new Redis(cache.url);
      const value = 'x'.repeat(50_000);
      for (let i = 0; i < 400; i++) await filler.set(`as:v1:filler:${i}`, value);
      const evicted = Number(/evicted_keys:(\d+)/.exec(await filler.info('stats'))?.[1]);
      filler.disconnect();
      const refreshed = await token(s.base, {
        grant_type: 'refresh_token',
        refresh_token: person.tokens.refresh_token as string,
        client_id: clientId,
      });
      expect([
        evicted > 0,
        refreshed.status,
        await searchStatus(s.base, refreshed.body.access_token),
      ]).toEqual([true, 200, 200]);
    } finally {
      await s?.app.close();
    }
  });
});
