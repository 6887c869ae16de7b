import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_TOKEN, buildHarness, errorBody, type Harness } from '../helper.js';

const OTHER_TOKEN = 'second-api-token-41d0';
const config = { API_TOKENS: `${API_TOKEN},${OTHER_TOKEN}`, RATE_LIMIT_MAX: 2, RATE_LIMIT_WINDOW_MS: 60_000 };
const limited = errorBody(
  429,
  'AS_ERR_RATE_LIMITED',
  'Rate limit of 2 requests per window exceeded for this token: retry after 60 s',
);
const search = (h: Harness, token = API_TOKEN) =>
  h.app.inject({ url: '/search/messages?query=deploy', headers: { authorization: `Bearer ${token}` } });

describe('per-token API rate limit (in memory)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await buildHarness({ config });
  });
  afterAll(() => h.close());

  it('answers 429 with Retry-After once a token used up its window, other tokens unaffected', async () => {
    expect((await search(h)).statusCode).toBe(200);
    const second = await search(h);
    expect([second.statusCode, second.headers['x-ratelimit-remaining']]).toEqual([200, '0']);
    const third = await search(h);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('60');
    expect(third.json()).toEqual(limited);
    expect((await search(h, OTHER_TOKEN)).statusCode).toBe(200);
  });

  it('never limits unauthenticated routes, and does not count requests that fail authentication', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await h.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await search(h, 'not-a-token')).statusCode).toBe(401);
    }
  });

  it('is off by default', async () => {
    const open = await buildHarness({ slack: h.slack });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await search(open)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await open.close();
    }
  });
});

describe('per-token API rate limit (Redis)', () => {
  it('shares one budget per token across replicas, keyed by a digest of the token', async () => {
    const redisUrl = inject('redisUrl');
    const token = `replicated-${Date.now()}`;
    const shared = { ...config, API_TOKENS: token };
    const a = await buildHarness({ config: shared, redisUrl });
    const b = await buildHarness({ config: shared, redisUrl, slack: a.slack });
    const redis = new Redis(redisUrl);
    try {
      const statuses = [];
      for (const replica of [a, b, a, b]) statuses.push((await search(replica, token)).statusCode);
      expect(statuses).toEqual([200, 200, 429, 429]);
      const keys = await redis.keys('as:v1:api-rate:*');
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(key).not.toContain(token);
    } finally {
      redis.disconnect();
      await b.close();
      await a.close();
    }
  });
});
