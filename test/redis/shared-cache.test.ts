import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LONG_THREAD, DEMO_OTHER_TOKEN } from '../../fake-slack/index.js';
import { staleNote } from '../../src/slack/summary.js';
import { tokenIdentity } from '../../src/slack-client/keys.js';
import { authHeaders, buildHarness, errorBody, get, type Harness, SLACK_TOKEN } from '../helper.js';
import { REDIS_KINDS, startTestRedis, type TestRedis } from '../support/test-redis.js';

const SEARCH = '/search/messages?query=deploy&response_format=detailed';

describe.each(REDIS_KINDS)('Redis cache through the HTTP API (%s)', (kind) => {
  let r: TestRedis;
  let h: Harness;
  let offset = 0;

  beforeAll(async () => {
    r = await startTestRedis(kind);
    h = await buildHarness({ ...r.harness, clock: () => Date.now() + offset });
  });
  afterAll(async () => {
    await h.close();
    await r.stop();
  });
  afterEach(async () => {
    h.slack.reset();
    offset = 0;
    await r.flush();
  });

  const me = () => tokenIdentity(SLACK_TOKEN, h.app.config.KEY_HASH_SECRET);
  const keyOf = async (kind: string) => (await r.keys(`as:v1:${kind}:*`))[0] ?? '';

  it('answers a miss from Slack, then a hit from Redis, with no token in any key', async () => {
    const miss = await get(h.app, SEARCH);
    const hit = await get(h.app, SEARCH);
    expect([miss.status, miss.headers['x-cache'], hit.status, hit.headers['x-cache']]).toEqual([
      200,
      'MISS',
      200,
      'HIT',
    ]);
    expect(hit.body).toEqual(miss.body);
    expect([h.slack.count('auth.test'), h.slack.count('search.messages')]).toEqual([1, 1]);
    await h.app.audit.trail.flush(); // the audit's records gather a moment before they are written
    const keys = (await r.keys('*')).sort();
    expect(keys).toEqual([
      expect.stringMatching(new RegExp(`^as:v1:answer:search\\.messages:${me()}:[0-9a-f]{32}$`)),
      // The audit window (docs/security.md): one key, naming no one.
      'as:v1:audit',
      expect.stringMatching(new RegExp(`^as:v1:auth:${me()}:[0-9a-f]{32}$`)),
      expect.stringMatching(new RegExp(`^as:v1:search\\.messages:${me()}:[0-9a-f]{32}$`)),
      // The token's shape (its kind and workspace), kept a week so no search waits to learn it again.
      expect.stringMatching(new RegExp(`^as:v1:shape:${me()}:[0-9a-f]{32}$`)),
    ]);
    expect(keys.join(' ')).not.toContain('xox');
    const shapeTtl = await r.client.pttl(await keyOf('shape'));
    expect(shapeTtl).toBeGreaterThan(7 * 24 * 3_600_000 - 60_000);
    expect(shapeTtl).toBeLessThanOrEqual(7 * 24 * 3_600_000);
    const ttl = await r.client.pttl(await keyOf('search.messages'));
    // Fresh for CACHE_SEARCH_TTL_MS (60 s), then kept CACHE_STALE_GRACE_MS (1 h) for stale-if-error.
    expect(ttl).toBeGreaterThan(3_600_000);
    expect(ttl).toBeLessThanOrEqual(3_660_000);
    // The answer built from it lives no longer than the Slack body stays fresh, and is never served stale.
    const answerTtl = await r.client.pttl(await keyOf('answer:search.messages'));
    expect(answerTtl).toBeGreaterThan(50_000);
    expect(answerTtl).toBeLessThanOrEqual(60_000);
  });

  it('serves the stale entry with X-Cache: STALE and its age when Slack rate limits a refresh', async () => {
    const fresh = await get(h.app, SEARCH);
    offset = 61_000;
    h.slack.inject({ kind: 'ratelimit', retryAfter: 30, method: 'search.messages' });
    const stale = await get(h.app, SEARCH);
    expect(stale.status).toBe(200);
    expect(stale.headers['x-cache']).toBe('STALE');
    expect(stale.body).toEqual({ ...fresh.body, summary: `${fresh.body.summary} ${staleNote(61_000)}` });
    expect(staleNote(61_000)).toBe(
      'Slack is unavailable or rate limited: these results were cached 61 s ago and may be out of date.',
    );
    // The 429 left a shared "blocked until" marker: the next request does not even try Slack.
    const again = await get(h.app, SEARCH);
    expect([again.status, again.headers['x-cache'], h.slack.count('search.messages')]).toEqual([
      200,
      'STALE',
      2,
    ]);
  });

  it('serves a stale thread when Slack is down', async () => {
    const url = `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}`;
    const first = await get(h.app, url);
    offset = 3_700_000;
    h.slack.inject({ kind: 'http', status: 503, method: 'conversations.replies', times: 5 });
    const stale = await get(h.app, url);
    expect(stale.headers['x-cache']).toBe('STALE');
    expect(stale.body).toEqual({
      ...first.body,
      summary: `${first.body.summary} ${staleNote(3_700_000)}`,
    });
  });

  it('keeps identities apart: the same search for another Slack user is its own entry', async () => {
    const other = authHeaders({ 'x-slack-token': DEMO_OTHER_TOKEN });
    await get(h.app, SEARCH);
    await get(h.app, SEARCH, other);
    const [mine, theirs] = [await get(h.app, SEARCH), await get(h.app, SEARCH, other)];
    expect([mine.headers['x-cache'], theirs.headers['x-cache']]).toEqual(['HIT', 'HIT']);
    const searches = h.slack.calls.filter((c) => c.method === 'search.messages').map((c) => c.token);
    expect(searches).toEqual([SLACK_TOKEN, DEMO_OTHER_TOKEN]);
    const identities = new Set((await r.keys('as:v1:search.messages:*')).map((k) => k.split(':')[3]));
    expect(identities).toEqual(
      new Set([me(), tokenIdentity(DEMO_OTHER_TOKEN, h.app.config.KEY_HASH_SECRET)]),
    );
  });

  it('deletes a corrupt entry and refetches it', async () => {
    const first = await get(h.app, SEARCH);
    const key = await keyOf('search.messages');
    await r.client.set(key, '{"v":1,"value":{"ok":tr', 'PX', 60_000);
    await r.client.set(await keyOf('answer:search.messages'), '{"v":1,"value":{"ok":tr', 'PX', 60_000);
    const second = await get(h.app, SEARCH);
    expect([second.status, second.headers['x-cache'], h.slack.count('search.messages')]).toEqual([
      200,
      'MISS',
      2,
    ]);
    expect(second.body).toEqual(first.body);
    expect(JSON.parse((await r.client.get(key)) ?? '{}')).toMatchObject({ v: 1, value: { ok: true } });
  });

  it('drops the memoised auth.test when Slack answers with an auth error', async () => {
    // Past the process's own identity memo (5 s): the identity is read from (emptied) Redis again.
    offset += 6_000;
    await get(h.app, SEARCH);
    expect(await r.client.exists(await keyOf('auth'))).toBe(1);
    h.slack.inject({ kind: 'error', error: 'invalid_auth', method: 'search.messages' });
    const res = await get(h.app, '/search/messages?query=incident');
    expect(res.status).toBe(502);
    expect(res.body).toEqual(
      errorBody(
        502,
        'AS_ERR_SLACK_SERVICE_AUTH',
        "Slack rejected the service's own Slack token: invalid_auth",
      ),
    );
    expect(await r.keys('as:v1:auth:*')).toEqual([]);
    await get(h.app, SEARCH);
    expect(h.slack.count('auth.test')).toBe(2);
  });
});
