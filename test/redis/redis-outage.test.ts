import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LONG_THREAD } from '../../fake-slack/index.js';
import { buildHarness, get, type Harness } from '../helper.js';
import { captureLogs } from '../support/redis-logs.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import { waitFor } from '../support/wait-for.js';

const THREAD = `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}`;

let server: RedisServer;
let h: Harness;
const { stream, redisLines: redisLogs } = captureLogs();

beforeAll(async () => {
  server = await startRedisServer();
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
    // Once the outage has served a few requests, the fallback holds the thread and the auth.test memo.
    const served = statuses.length;
    await waitFor(() => statuses.length > served + 10, 'requests served during the outage');
    const before = { replies: h.slack.count('conversations.replies'), auth: h.slack.count('auth.test') };
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => get(h.app, '/search/messages?query=deploy')),
    );
    expect(new Set(burst.map((r) => r.status))).toEqual(new Set([200]));
    expect(h.slack.count('search.messages')).toBe(1);
    const more = statuses.length;
    await waitFor(() => statuses.length > more + 20, 'more requests served during the outage');
    // Answered from the in-memory fallback: no new thread read and no new auth.test while Redis is out.
    expect(h.slack.count('conversations.replies')).toBe(before.replies);
    expect(h.slack.count('auth.test')).toBe(before.auth);

    await server.start();
    await waitFor(async () => (await readyz()).status === 'ready', 'reconnection', 10_000);
    running = false;
    await traffic;
    expect(statuses.length).toBeGreaterThan(10);
    expect(new Set(statuses)).toEqual(new Set([200]));
    // Sorted: whether the lost connection or the failed reconnect is heard first is the socket's business.
    expect(redisLogs().sort((x, y) => String(x[1]).localeCompare(String(y[1])))).toEqual([
      [30, expect.stringMatching(/^Redis answers again after \d+ s: back to the shared cache$/)],
      [
        40,
        'Redis error (connection); further connection errors are counted in /metrics and logged at most once a minute',
      ],
      [
        40,
        'Redis is unavailable: serving from process memory and calling Slack directly until it answers again',
      ],
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
