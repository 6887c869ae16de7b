import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LONG_THREAD } from '../../fake-slack/index.js';
import { buildHarness, get, type Harness } from '../helper.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import { waitFor } from '../support/wait-for.js';

const THREAD = `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}`;

let server: RedisServer;
let h: Harness;
const logs: Array<{ level: number; msg: string; component?: string }> = [];
const redisLogs = () => logs.filter((l) => l.component === 'redis').map((l) => [l.level, l.msg]);

beforeAll(async () => {
  server = await startRedisServer();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  h = await buildHarness({ redisUrl: server.url, logger: { level: 'info', stream } });
});
afterAll(async () => {
  await h.close();
  await server.stop();
});

describe('GET /readyz', () => {
  it('reports the embedded in-memory cache when REDIS_URL is unset', async () => {
    const memory = await buildHarness({ slack: h.slack });
    const res = await memory.app.inject({ method: 'GET', url: '/readyz' });
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'ready', cache: 'memory' }]);
    await memory.close();
  });
});

describe('a Redis outage mid-run', () => {
  it('keeps answering, logs once per outage, reports it on /readyz and recovers', async () => {
    const readyz = async () => (await h.app.inject({ method: 'GET', url: '/readyz' })).json();
    expect(await readyz()).toEqual({ status: 'ready', cache: 'redis', redis: 'reachable' });
    expect((await get(h.app, THREAD)).headers['x-cache']).toBe('MISS');
    expect((await get(h.app, THREAD)).headers['x-cache']).toBe('HIT');

    const statuses: number[] = [];
    let running = true;
    const traffic = (async () => {
      while (running) {
        const batch = await Promise.all(Array.from({ length: 5 }, () => get(h.app, THREAD)));
        statuses.push(...batch.map((r) => r.status));
        // Answers from process memory involve no I/O: without this the loop would starve the timers.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();

    await server.stop();
    await waitFor(async () => (await readyz()).status === 'degraded', 'readyz to report the outage');
    expect(await readyz()).toEqual({ status: 'degraded', cache: 'redis', redis: 'unreachable' });
    const before = { replies: h.slack.count('conversations.replies'), auth: h.slack.count('auth.test') };
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => get(h.app, '/search/messages?query=deploy')),
    );
    expect(new Set(burst.map((r) => r.status))).toEqual(new Set([200]));
    expect(h.slack.count('search.messages')).toBe(1);
    const served = statuses.length;
    await waitFor(() => statuses.length > served + 20, 'requests served during the outage');
    // The in-memory fallback caches answers and the auth.test memo while Redis is out: one load at most.
    expect(h.slack.count('conversations.replies')).toBeLessThanOrEqual(before.replies + 1);
    expect(h.slack.count('auth.test')).toBeLessThanOrEqual(before.auth + 1);

    await server.start();
    await waitFor(async () => (await readyz()).status === 'ready', 'reconnection', 10_000);
    running = false;
    await traffic;
    expect(statuses.length).toBeGreaterThan(10);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(redisLogs()).toEqual([
      [
        40,
        'Redis is unavailable: serving from process memory and calling Slack directly until it answers again',
      ],
      [30, expect.stringMatching(/^Redis answers again after \d+ s: back to the shared cache$/)],
    ]);

    // Back to the shared cache: the restarted (empty) Redis is filled again and serves hits.
    const raw = new Redis(server.url);
    await raw.flushall();
    expect((await get(h.app, THREAD)).headers['x-cache']).toBe('MISS');
    expect((await get(h.app, THREAD)).headers['x-cache']).toBe('HIT');
    expect(await raw.keys('as:v1:conversations.replies:*')).toHaveLength(1);
    raw.disconnect();
  });
});
