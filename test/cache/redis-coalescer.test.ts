import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { createCachedFetch } from '../../src/cache/cached-fetch.js';
import { lockKeyOf, RedisCoalescer } from '../../src/cache/redis-coalescer.js';
import { RedisStore } from '../../src/cache/redis-store.js';
import { createRedisClient } from '../../src/redis/redis-client.js';
import { freePort } from '../support/redis-server.js';

const clients: Redis[] = [];

async function client(url = inject('redisUrl')): Promise<Redis> {
  const redis = createRedisClient(url);
  redis.on('error', () => {});
  clients.push(redis);
  await redis.connect().catch(() => {});
  return redis;
}

/** One "process": its own connection, store, coalescer and cache-aside reader, as a replica has. */
async function replica(lockTtlMs = 3000) {
  const redis = await client();
  const store = new RedisStore(redis);
  const coalescer = new RedisCoalescer(redis, { lockTtlMs });
  return { redis, coalescer, cachedFetch: createCachedFetch({ store, coalescer, clock: Date.now }) };
}

function slowLoad(ms: number, value: unknown = { ok: true }) {
  const load = vi.fn(async () => {
    await sleep(ms);
    return value;
  });
  return load;
}

const policy = (load: () => Promise<unknown>) => ({
  ttlMs: () => 60_000,
  graceMs: 60_000,
  staleOn: () => true,
  load,
});

afterAll(async () => {
  for (const redis of clients) redis.disconnect();
});

describe('RedisCoalescer', () => {
  it('makes one lock attempt and one load for 100 concurrent identical runs in one process', async () => {
    const { redis, cachedFetch } = await replica();
    const setSpy = vi.spyOn(redis, 'set');
    const load = slowLoad(50);
    const key = `as:v1:test:${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 100 }, () => cachedFetch(key, policy(load))));
    expect(load).toHaveBeenCalledTimes(1);
    expect(setSpy.mock.calls.filter((args) => args[0] === lockKeyOf(key))).toHaveLength(1);
    expect(results.every((r) => r.status === 'MISS' && (r.value as { ok: boolean }).ok)).toBe(true);
    expect(await redis.exists(lockKeyOf(key))).toBe(0);
  });

  it('makes one load for concurrent runs in two processes; the waiter gets the holder’s value', async () => {
    const [a, b] = [await replica(), await replica()];
    const key = `as:v1:test:${randomUUID()}`;
    const loadA = slowLoad(150, { from: 'a' });
    const loadB = slowLoad(150, { from: 'b' });
    const first = a.cachedFetch(key, policy(loadA));
    await sleep(20);
    const [ra, rb] = await Promise.all([first, b.cachedFetch(key, policy(loadB))]);
    expect(loadA).toHaveBeenCalledTimes(1);
    expect(loadB).not.toHaveBeenCalled();
    // The waiter also learns when the holder's entry stops being fresh, not a lifetime of its own.
    expect(ra).toEqual({ value: { from: 'a' }, status: 'MISS', ageMs: 0, freshUntil: expect.any(Number) });
    expect(rb).toEqual({ ...ra });
  });

  it('renews the lock while a load outlives the lock TTL, so nobody else loads meanwhile', async () => {
    const [a, b] = [await replica(150), await replica(150)];
    const key = `as:v1:test:${randomUUID()}`;
    const loadA = slowLoad(600, 'a');
    const loadB = slowLoad(10, 'b');
    const first = a.cachedFetch(key, policy(loadA));
    await sleep(20);
    const [ra, rb] = await Promise.all([first, b.cachedFetch(key, policy(loadB))]);
    expect([ra.value, rb.value, loadA.mock.calls.length, loadB.mock.calls.length]).toEqual(['a', 'a', 1, 0]);
  });

  it('does not let a holder that died block others past the lock expiry', async () => {
    const { redis, cachedFetch } = await replica();
    const key = `as:v1:test:${randomUUID()}`;
    await redis.set(lockKeyOf(key), 'a-process-that-died', 'PX', 400);
    const load = slowLoad(0, 'mine');
    const started = Date.now();
    const result = await cachedFetch(key, policy(load));
    const waited = Date.now() - started;
    expect(result).toEqual({ value: 'mine', status: 'MISS', ageMs: 0, freshUntil: expect.any(Number) });
    expect(load).toHaveBeenCalledTimes(1);
    expect(waited).toBeGreaterThanOrEqual(300);
    expect(waited).toBeLessThan(1500);
  });

  it('lets a waiter load itself after the holder failed', async () => {
    const [a, b] = [await replica(), await replica()];
    const key = `as:v1:test:${randomUUID()}`;
    const failing = vi.fn(async () => {
      await sleep(100);
      throw new Error('slack down');
    });
    const loadB = slowLoad(10, 'b');
    const first = a.cachedFetch(key, policy(failing));
    await sleep(20);
    const second = b.cachedFetch(key, policy(loadB));
    await expect(first).rejects.toThrow('slack down');
    expect(await second).toEqual({ value: 'b', status: 'MISS', ageMs: 0, freshUntil: expect.any(Number) });
    expect(loadB).toHaveBeenCalledTimes(1);
  });

  it('releases only its own lock (compare-and-delete)', async () => {
    const { redis, cachedFetch } = await replica();
    const key = `as:v1:test:${randomUUID()}`;
    const done = cachedFetch(key, policy(slowLoad(150, 'a')));
    await sleep(50);
    // As if our lock had expired and another process had taken it over.
    await redis.set(lockKeyOf(key), 'another-owner', 'PX', 5000);
    await done;
    expect(await redis.get(lockKeyOf(key))).toBe('another-owner');
  });

  it('falls back to in-process coalescing while Redis is unreachable', async () => {
    const down = await client(`redis://127.0.0.1:${await freePort()}`);
    const coalescer = new RedisCoalescer(down);
    const load = slowLoad(30, 'direct');
    const results = await Promise.all(
      Array.from({ length: 100 }, () => coalescer.run('as:v1:test:down', load, async () => undefined)),
    );
    expect(load).toHaveBeenCalledTimes(1);
    expect(new Set(results)).toEqual(new Set(['direct']));
  });
});
