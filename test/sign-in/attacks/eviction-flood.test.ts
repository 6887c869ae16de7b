import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSlack } from '../../../fake-slack/index.js';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { type SignInReplica, startOAuthSlack, startReplica } from '../sign-in-harness.js';
import { authorizeUrl, register, searchStatus, token, tokensFor } from './attack-kit.js';

// People's records, grants and clients were evicted to make room for anonymous state: with Redis under
// allkeys-lru (what docs/operations.md recommended for the cache), a flood of authorization requests from
// many addresses signed an idle person out (401, refresh 400). With SIGN_IN_REDIS_URL they are out of reach.

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

describe('a flood of anonymous state with sign-in on its own Redis', () => {
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
