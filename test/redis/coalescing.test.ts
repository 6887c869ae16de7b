import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OTHER_TOKEN, type FakeSlack, startFakeSlack } from '../../fake-slack/index.js';
import { authHeaders, buildHarness, errorBody, get, type Harness } from '../helper.js';
import { REDIS_KINDS, startTestRedis, type TestRedis } from '../support/test-redis.js';
import { waitFor } from '../support/wait-for.js';

describe.each(REDIS_KINDS)('coalescing through Redis (%s)', (kind) => {
  let r: TestRedis;
  let slack: FakeSlack;
  const harnesses: Harness[] = [];

  async function instance(config: Parameters<typeof buildHarness>[0] = {}) {
    const h = await buildHarness({ slack, ...r.harness, ...config });
    harnesses.push(h);
    return h;
  }

  beforeAll(async () => {
    r = await startTestRedis(kind);
    slack = await startFakeSlack();
  });
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((h) => h.close()));
    slack.reset();
    await r.flush();
  });
  afterAll(async () => {
    await slack.close();
    await r.stop();
  });

  const searchCalls = () =>
    slack.calls
      .filter((c) => c.method === 'search.messages')
      .map((c) => ({ query: c.params.query, at: c.at }));

  it('makes one Slack call for 100 concurrent identical requests', async () => {
    const h = await instance();
    // Another user's search first: the process and its connections (one per cluster master) are warm, so
    // the 100 really overlap instead of some arriving after the answer is stored (a HIT, also fine).
    await get(h.app, '/search/messages?query=warmup', authHeaders({ 'x-slack-token': DEMO_OTHER_TOKEN }));
    slack.reset();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => get(h.app, '/search/messages?query=deploy')),
    );
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([200]));
    // One connection carries every command in order on one Redis; on a cluster each master has its own, so
    // on a busy machine a late request may read the answer already stored: a HIT, still one Slack call.
    const labels = new Set(responses.map((r) => r.headers['x-cache']));
    if (kind === 'standalone') expect(labels).toEqual(new Set(['MISS']));
    else expect([...labels].filter((l) => l !== 'MISS' && l !== 'HIT')).toEqual([]);
    for (const r of responses) expect(r.body).toEqual(responses[0].body);
    expect([slack.count('auth.test'), slack.count('search.messages')]).toEqual([1, 1]);
  });

  it('makes one Slack call when two app instances share Redis and one Slack', async () => {
    const [a, b] = [await instance(), await instance()];
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => get(i % 2 ? a.app : b.app, '/search/messages?query=deploy')),
    );
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([200]));
    for (const r of responses) expect(r.body).toEqual(responses[0].body);
    expect([slack.count('auth.test'), slack.count('search.messages')]).toEqual([1, 1]);
  });

  it('holds the other instance back until a 429’s Retry-After has passed', async () => {
    const [a, b] = [await instance(), await instance()];
    const tight = await instance({ config: { REQUEST_DEADLINE_MS: 300 } });
    await get(a.app, '/search/messages?query=warmup');
    slack.reset();
    slack.inject({ kind: 'ratelimit', retryAfter: 1, method: 'search.messages' });

    const first = get(a.app, '/search/messages?query=deploy');
    await waitFor(() => slack.count('search.messages') === 1, 'the rate-limited call');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await get(tight.app, '/search/messages?query=latency');
    const [ra, rb] = await Promise.all([first, get(b.app, '/search/messages?query=checkout')]);

    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.body).toEqual(
      errorBody(429, 'AS_ERR_SLACK_RATE_LIMITED', 'Slack rate limit for search.messages: retry after 1 s'),
    );
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const [limited, ...later] = searchCalls();
    expect(limited.query).toBe('deploy');
    expect(later.map((c) => c.query).sort()).toEqual(['checkout', 'deploy']);
    for (const call of later) expect(call.at - limited.at).toBeGreaterThanOrEqual(990);
  });
});
