import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacesFor, type RateGate } from '../../src/rate-gates/rate-gate.js';
import { RedisRateGate, type RedisRateGateOptions } from '../../src/rate-gates/redis-rate-gate.js';
import { SLACK_METHODS } from '../../src/reads/registry.js';
import {
  createRedisClient,
  createRedisClusterClient,
  type RedisClient,
} from '../../src/redis/redis-client.js';
import { freePort } from '../support/redis-server.js';
import { REDIS_KINDS, type RedisKind, startTestRedis, type TestRedis } from '../support/test-redis.js';

const clients: RedisClient[] = [];
let r: TestRedis;
afterAll(async () => {
  for (const redis of clients) redis.disconnect();
  await r?.stop();
});

/** A client of this kind on `at` (the test Redis by default): a URL, or a cluster's seed nodes. */
async function gate(kind: RedisKind, options: RedisRateGateOptions = {}, at?: string) {
  const target = at ?? r.harness.redisUrl ?? (r.harness.redisClusterNodes as string);
  const redis = kind === 'cluster' ? createRedisClusterClient(target) : createRedisClient(target);
  redis.on('error', () => {});
  clients.push(redis);
  await redis.connect().catch(() => {});
  return { redis, gate: new RedisRateGate(redis, options) };
}

async function rejection(gate: RateGate, scope: string, method: string, deadline: number) {
  try {
    await gate.acquire(scope, method, deadline);
  } catch (err) {
    const e = err as Error & { statusCode: number; retryAfterSeconds: number; code: string };
    return { statusCode: e.statusCode, code: e.code, retryAfterSeconds: e.retryAfterSeconds };
  }
  return undefined;
}

describe.each(REDIS_KINDS)('RedisRateGate (%s)', (kind) => {
  beforeAll(async () => {
    await r?.stop();
    r = await startTestRedis(kind);
  });

  it('holds every replica back until a 429’s Retry-After has passed', async () => {
    const [a, b] = [await gate(kind), await gate(kind)];
    const team = `T${randomUUID()}`;
    await a.gate.block(team, 'search.messages', Date.now() + 400);
    expect(await rejection(b.gate, team, 'search.messages', Date.now() + 100)).toEqual({
      statusCode: 429,
      code: 'AS_ERR_SLACK_RATE_LIMITED',
      retryAfterSeconds: 1,
    });
    const started = Date.now();
    const waits: number[] = [];
    await b.gate.acquire(team, 'search.messages', Date.now() + 5000, (ms) => waits.push(ms));
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(waits).toEqual([expect.any(Number)]);
    expect(waits[0]).toBeGreaterThan(300);
    // Other methods and other workspaces are not held back.
    expect(await rejection(b.gate, team, 'conversations.replies', Date.now())).toBeUndefined();
    expect(await rejection(b.gate, `${team}x`, 'search.messages', Date.now())).toBeUndefined();
  });

  it('never shortens a block', async () => {
    const { gate: g, redis } = await gate(kind);
    const team = `T${randomUUID()}`;
    const until = Date.now() + 5000;
    await g.block(team, 'search.messages', until);
    await g.block(team, 'search.messages', until - 4000);
    expect(Number(await redis.hget(g.key(team, 'search.messages'), 'blocked'))).toBe(until);
    expect(await redis.pttl(g.key(team, 'search.messages'))).toBeGreaterThan(5000);
  });

  it('paces the non-Marketplace conversations.replies at 1 per minute across replicas', async () => {
    const paces = pacesFor('non-marketplace', SLACK_METHODS);
    const [a, b] = [await gate(kind, { paces }), await gate(kind, { paces })];
    const team = `T${randomUUID()}`;
    expect(await rejection(a.gate, team, 'conversations.replies', Date.now() + 1000)).toBeUndefined();
    expect(await rejection(b.gate, team, 'conversations.replies', Date.now() + 10_000)).toEqual({
      statusCode: 429,
      code: 'AS_ERR_SLACK_RATE_LIMITED',
      retryAfterSeconds: 60,
    });
  });

  it('lets a Tier 2 burst of 20 through, then spaces calls 3 s apart', async () => {
    let now = 1_700_000_000_000;
    const clock = () => now;
    const paces = pacesFor('tier', SLACK_METHODS);
    const [a, b] = [await gate(kind, { paces, clock }), await gate(kind, { paces, clock })];
    const team = `T${randomUUID()}`;
    for (let i = 0; i < 10; i++) {
      await a.gate.acquire(team, 'search.messages', now);
      await b.gate.acquire(team, 'search.messages', now);
    }
    expect(await rejection(a.gate, team, 'search.messages', now + 1000)).toEqual({
      statusCode: 429,
      code: 'AS_ERR_SLACK_RATE_LIMITED',
      retryAfterSeconds: 3,
    });
    now += 3000;
    expect(await rejection(b.gate, team, 'search.messages', now)).toBeUndefined();
    expect(await rejection(a.gate, team, 'search.messages', now)).toEqual({
      statusCode: 429,
      code: 'AS_ERR_SLACK_RATE_LIMITED',
      retryAfterSeconds: 3,
    });
  });

  it('keeps apps apart: one app’s block does not hold another app back', async () => {
    const [a, b] = [await gate(kind, { appId: 'A1' }), await gate(kind, { appId: 'A2' })];
    const team = `T${randomUUID()}`;
    await a.gate.block(team, 'search.messages', Date.now() + 60_000);
    expect(await rejection(b.gate, team, 'search.messages', Date.now())).toBeUndefined();
    expect(a.gate.key(team, 'search.messages')).toBe(`as:v1:rate:A1:${team}:search.messages`);
  });

  it('falls back to an in-process gate while Redis is unreachable', async () => {
    const { gate: g } = await gate(kind, {}, `redis://127.0.0.1:${await freePort()}`);
    await g.acquire('T1', 'search.messages', Date.now());
    await g.block('T1', 'search.messages', Date.now() + 2000);
    expect(await rejection(g, 'T1', 'search.messages', Date.now() + 100)).toEqual({
      statusCode: 429,
      code: 'AS_ERR_SLACK_RATE_LIMITED',
      retryAfterSeconds: 2,
    });
  });
});
