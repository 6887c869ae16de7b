import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHarness, type Harness } from '../helper.js';
import { watchProcessFaults } from '../support/process-faults.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import { loadThroughRedisOutage } from './redis-outage-load.js';
import { DEADLINE_MARGIN_MS, FAULT_DEADLINE_MS } from './run-fault-case.js';

const faults = watchProcessFaults();
let server: RedisServer;
let h: Harness;
beforeAll(async () => {
  server = await startRedisServer();
  h = await buildHarness({
    redisUrl: server.url,
    // The per-token API limit counts in Redis too; it must not refuse anyone while Redis is away.
    config: { REQUEST_DEADLINE_MS: FAULT_DEADLINE_MS, RATE_LIMIT_MAX: 1_000_000 },
  });
});
afterAll(async () => {
  await h.close();
  await server.stop();
  faults.stop();
});

describe('Redis stopped and restarted under load', () => {
  it('answers every request 200 within the deadline, through the outage and after it', async () => {
    const samples = await loadThroughRedisOutage(h, server, { workers: 8, phaseMs: 800 });
    for (const phase of ['up', 'down', 'back'] as const) {
      expect(samples.filter((s) => s.phase === phase).length).toBeGreaterThan(10);
    }
    expect(samples.filter((s) => s.status !== 200)).toEqual([]);
    expect(Math.max(...samples.map((s) => s.ms))).toBeLessThanOrEqual(FAULT_DEADLINE_MS + DEADLINE_MARGIN_MS);
    expect((await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(faults.seen).toEqual([]);
  });
});
