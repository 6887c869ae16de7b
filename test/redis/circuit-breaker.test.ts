import { describe, expect, inject, it } from 'vitest';
import { CircuitBreaker } from '../../src/redis/circuit-breaker.js';
import { guardRedis, RedisCircuitOpen } from '../../src/redis/guard-redis.js';
import { createRedisClient } from '../../src/redis/redis-client.js';

describe('CircuitBreaker', () => {
  it('opens once per outage, stays open for openMs, then closes on a success', () => {
    let now = 0;
    const events: string[] = [];
    const breaker = new CircuitBreaker({
      openMs: 5000,
      clock: () => now,
      onOpen: (reason) => events.push(`open: ${reason}`),
      onClose: (ms) => events.push(`closed after ${ms}`),
    });
    breaker.trip('Command timed out');
    now = 1000;
    breaker.trip('Command timed out');
    expect([breaker.isOpen, breaker.mayProbe]).toEqual([true, false]);
    now = 4000;
    breaker.succeed(); // too early: a success inside the open period does not close it
    expect(breaker.isOpen).toBe(true);
    now = 6000;
    expect(breaker.mayProbe).toBe(true);
    breaker.succeed();
    expect(breaker.isOpen).toBe(false);
    expect(events).toEqual(['open: Command timed out', 'closed after 6000']);
  });
});

describe('guardRedis', () => {
  it('answers at once while open (promise and callback), and is not tripped by a reply error', async () => {
    const client = createRedisClient(inject('redisUrl'));
    await client.connect();
    const breaker = new CircuitBreaker();
    const guarded = guardRedis(client, breaker);
    try {
      await expect(guarded.eval('return redis.call("NOPE")', 0)).rejects.toThrow(/NOPE|Unknown/);
      expect(breaker.isOpen).toBe(false);
      expect(await guarded.set('guard-test', '1')).toBe('OK');
      breaker.trip('test');
      await expect(guarded.get('guard-test')).rejects.toBeInstanceOf(RedisCircuitOpen);
      const viaCallback = await new Promise((resolve) => guarded.get('guard-test', (err) => resolve(err)));
      expect(viaCallback).toBeInstanceOf(RedisCircuitOpen);
      expect(guarded.status).toBe('ready');
    } finally {
      client.disconnect();
    }
  });

  it('opens on a command timeout', async () => {
    // A server that accepts connections and never answers.
    const { createServer } = await import('node:net');
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const client = createRedisClient(`redis://127.0.0.1:${port}`, {
      commandTimeout: 100,
      enableReadyCheck: false,
    });
    const breaker = new CircuitBreaker();
    try {
      await client.connect();
      await expect(guardRedis(client, breaker).get('k')).rejects.toThrow('Command timed out');
      expect(breaker.isOpen).toBe(true);
    } finally {
      client.disconnect();
      silent.close();
    }
  });
});
