import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, buildHarness, type Harness } from '../helper.js';
import { captureLogs } from '../support/redis-logs.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import { waitFor } from '../support/wait-for.js';

// A hung Redis (SIGSTOP: it keeps its sockets and answers nothing), reached through real HTTP sockets.
let server: RedisServer;
let h: Harness;
let base: string;
const { stream, redisLines: redisLogs } = captureLogs();

beforeAll(async () => {
  server = await startRedisServer();
  // The per-token API limit counts in Redis too: with the breaker open it must count in process, not wait.
  h = await buildHarness({
    redisUrl: server.url,
    logger: { level: 'info', stream },
    config: { RATE_LIMIT_MAX: 1000 },
  });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  server.resume();
  await h.close();
  await server.stop();
});

// Generous bound: only there so a regression fails instead of hanging the run.
const call = async (path: string, headers: Record<string, string> = authHeaders()) => {
  const res = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(8000) });
  return { status: res.status, cache: res.headers.get('x-cache'), body: await res.json() };
};
const readyz = async () => (await call('/readyz', {})).body;

describe('a hung Redis (SIGSTOP)', () => {
  it('opens the breaker, keeps answering from Slack and process memory, reports degraded, and recovers', async () => {
    expect(await readyz()).toEqual({ status: 'ready', cache: 'redis', redis: 'reachable' });
    expect((await call('/search/messages?query=deploy')).cache).toBe('MISS');
    // That read's audit record is written (its batch gathers 50 ms) before Redis hangs: the hang's own log lines
    // are what this test reads.
    await h.app.audit.trail.flush();

    server.pause();
    // No traffic needed: the watcher's PING notices the hang.
    await waitFor(async () => (await readyz()).status === 'degraded', 'readyz to report the hang', 10_000);
    expect(await readyz()).toEqual({ status: 'degraded', cache: 'redis', redis: 'unreachable' });
    expect(h.app.redis?.breaker.isOpen).toBe(true);

    const slackBefore = h.slack.count('search.messages');
    const authBefore = h.slack.count('auth.test');
    const first = await call('/search/messages?query=release');
    const again = await call('/search/messages?query=release');
    expect([first.status, first.cache, again.status, again.cache]).toEqual([200, 'MISS', 200, 'HIT']);
    expect(again.body).toEqual(first.body);
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => call('/search/messages?query=incident')),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(10).fill(200));
    // Coalesced in process, and the auth.test memo kept in memory: one call each.
    expect(h.slack.count('search.messages') - slackBefore).toBe(2);
    expect(h.slack.count('auth.test') - authBefore).toBeLessThanOrEqual(1);

    server.resume();
    await waitFor(async () => (await readyz()).status === 'ready', 'recovery', 15_000);
    expect((await call('/search/messages?query=deploy')).cache).toBe('HIT');
    expect(redisLogs()).toEqual([
      [
        40,
        'Redis is unavailable: serving from process memory and calling Slack directly until it answers again',
      ],
      [30, expect.stringMatching(/^Redis answers again after \d+ s: back to the shared cache$/)],
    ]);
  });
});
