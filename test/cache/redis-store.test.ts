import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RedisStore } from '../../src/cache/redis-store.js';
import { createRedisClient } from '../../src/redis/redis-client.js';
import { freePort } from '../support/redis-server.js';

let redis: Redis;
let now = 1_700_000_000_000;
const clock = () => now;
const key = () => `as:v1:test:${randomUUID()}:params`;
const entry = (value: unknown) => ({ value, storedAt: now, freshUntil: now + 1000, staleUntil: now + 5000 });

beforeAll(async () => {
  redis = createRedisClient(inject('redisUrl'));
  await redis.connect();
});
afterAll(() => redis.quit());

describe('RedisStore', () => {
  it('round-trips an entry and expires the key when it stops being servable', async () => {
    const store = new RedisStore(redis, clock);
    const k = key();
    await store.set(k, entry({ ok: true, n: 1 }));
    expect(await store.get(k)).toEqual({
      value: { ok: true, n: 1 },
      storedAt: now,
      freshUntil: now + 1000,
      staleUntil: now + 5000,
    });
    const ttl = await redis.pttl(k);
    expect(ttl).toBeGreaterThan(4900);
    expect(ttl).toBeLessThanOrEqual(5000);
  });

  it('keeps a stale entry (served only on error) and drops it past staleUntil', async () => {
    const store = new RedisStore(redis, clock);
    const k = key();
    await store.set(k, entry('v'));
    now += 2000;
    expect((await store.get(k))?.value).toBe('v');
    now += 3000;
    expect(await store.get(k)).toBeUndefined();
  });

  it('does not write an entry that is already past staleUntil', async () => {
    const store = new RedisStore(redis, clock);
    const k = key();
    await store.set(k, { value: 1, storedAt: now - 10, freshUntil: now - 5, staleUntil: now });
    expect(await redis.exists(k)).toBe(0);
  });

  it.each([
    ['not JSON', '{"v":1,"value":'],
    [
      'an old envelope version',
      JSON.stringify({ v: 0, storedAt: 1, freshUntil: 2, staleUntil: 3, value: 1 }),
    ],
    ['a missing value', JSON.stringify({ v: 1, storedAt: 1, freshUntil: 2, staleUntil: 3 })],
    ['times out of order', JSON.stringify({ v: 1, storedAt: 1, freshUntil: 3, staleUntil: 2, value: 1 })],
    ['a bare value', JSON.stringify({ ok: true })],
  ])('treats %s as corrupt: a miss, and the key is deleted', async (_, raw) => {
    const store = new RedisStore(redis, clock);
    const k = key();
    await redis.set(k, raw);
    expect(await store.get(k)).toBeUndefined();
    expect(await redis.exists(k)).toBe(0);
  });

  it('never throws while Redis is unreachable: reads miss, writes and deletes are dropped', async () => {
    const down = createRedisClient(`redis://127.0.0.1:${await freePort()}`);
    down.on('error', () => {});
    await down.connect().catch(() => {});
    const store = new RedisStore(down, clock);
    await expect(store.get(key())).resolves.toBeUndefined();
    await expect(store.set(key(), entry(1))).resolves.toBeUndefined();
    await expect(store.delete(key())).resolves.toBeUndefined();
    down.disconnect();
  });

  it('setIfAbsent takes a key for one caller only (SET NX PX), and never while Redis is unreachable', async () => {
    const store = new RedisStore(redis, clock);
    const k = key();
    const results = await Promise.all(['a', 'b', 'c'].map((who) => store.setIfAbsent(k, entry(who))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await store.get(k))?.value).toBe(['a', 'b', 'c'][results.indexOf(true)]);
    expect(await redis.pttl(k)).toBeGreaterThan(4900);
    const down = createRedisClient(`redis://127.0.0.1:${await freePort()}`);
    try {
      expect(await new RedisStore(down, clock).setIfAbsent(key(), entry('x'))).toBe(false);
    } finally {
      down.disconnect();
    }
  });
});
