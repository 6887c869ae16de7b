import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LONG_THREAD } from '../../fake-slack/index.js';
import { API_TOKEN, authHeaders, buildHarness, errorBody, type Harness } from '../helper.js';
import { samples } from '../support/metric-samples.js';

const METRICS_TOKEN = 'metrics-token-2c9e';
let h: Harness;
beforeAll(async () => {
  h = await buildHarness({ config: { SLACK_RATE_PRESET: 'non-marketplace', REQUEST_DEADLINE_MS: 3000 } });
});
afterAll(() => h.close());

async function scrape(app = h.app, token = API_TOKEN) {
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return res.body;
}

describe('GET /metrics', () => {
  it('counts requests by route template and status, Slack calls, cache events and rate-gate waits', async () => {
    const thread = `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}`;
    await h.app.inject({ url: '/search/messages?query=deploy', headers: authHeaders() });
    await h.app.inject({ url: '/search/messages?query=deploy', headers: authHeaders() });
    await h.app.inject({ url: '/search/messages?query=x&count=0', headers: authHeaders() });
    // Slack answers 429 with Retry-After 1 s: the call waits its turn at the gate, then succeeds.
    h.slack.inject({ method: 'search.messages', kind: 'ratelimit', retryAfter: 1 });
    await h.app.inject({ url: '/search/messages?query=incident', headers: authHeaders() });
    // conversations.replies is paced at 1/min (non-marketplace): the second read would wait past the deadline.
    await h.app.inject({ url: `${thread}?limit=2`, headers: authHeaders() });
    const refused = await h.app.inject({ url: `${thread}?limit=3`, headers: authHeaders() });
    expect(refused.statusCode).toBe(429);

    const text = await scrape();
    expect(samples(text, 'agent_search_http_request_duration_seconds_count')).toEqual([
      'agent_search_http_request_duration_seconds_count{method="GET",route="/search/messages",status_code="200"} 3',
      'agent_search_http_request_duration_seconds_count{method="GET",route="/search/messages",status_code="400"} 1',
      'agent_search_http_request_duration_seconds_count{method="GET",route="/threads/:channel/:ts",status_code="200"} 1',
      'agent_search_http_request_duration_seconds_count{method="GET",route="/threads/:channel/:ts",status_code="429"} 1',
    ]);
    expect(samples(text, 'agent_search_slack_calls_total')).toEqual([
      'agent_search_slack_calls_total{method="auth.test",outcome="ok"} 1',
      'agent_search_slack_calls_total{method="search.messages",outcome="ok"} 2',
      // The authors' names, and once whether the caller is a guest (a guest's names are their own).
      'agent_search_slack_calls_total{method="users.info",outcome="ok"} 8',
      'agent_search_slack_calls_total{method="search.messages",outcome="rate_limited"} 1',
      'agent_search_slack_calls_total{method="conversations.replies",outcome="ok"} 1',
      'agent_search_slack_calls_total{method="conversations.info",outcome="ok"} 1',
    ]);
    // Misses: auth.test, two searches, one thread read, its channel's kind (conversations.info), the
    // 7 users named (users.info, once each) and whether the caller is a guest (users.info of themselves);
    // and, on the first search only (the token is cold: whether its person is a guest is not known yet),
    // the caller's own read of each of its 5 names, asked beside that check, which the workspace's memo
    // of each name then takes instead of calling Slack again (still 8 users.info calls).
    // Hits: one repeated search, 5 names already memoised by an earlier request, the channel's kind
    // for the refused thread read, which loaded nothing else, and the guest check of the two later requests
    // that named people (once a request). The identity is not read from the cache again within seconds (process memo).
    expect(samples(text, 'agent_search_cache_events_total')).toEqual([
      'agent_search_cache_events_total{event="miss"} 18',
      'agent_search_cache_events_total{event="hit"} 9',
    ]);
    expect(samples(text, 'agent_search_slack_rate_waits_total')).toEqual([
      'agent_search_slack_rate_waits_total{method="search.messages",outcome="waited"} 1',
      'agent_search_slack_rate_waits_total{method="conversations.replies",outcome="refused"} 1',
    ]);
    const [waited] = samples(text, 'agent_search_slack_rate_wait_seconds_total');
    expect(Number(waited.split(' ')[1])).toBeGreaterThan(0.9);
    expect(text).toContain('# TYPE agent_search_process_cpu_seconds_total counter');
  });

  it('times catalog ranking', async () => {
    const body = {
      query: ['send'],
      tools: [{ toolKey: 'a', toolName: 'send_message', serverName: 'Slack' }],
    };
    const res = await h.app.inject({
      method: 'POST',
      url: '/catalog/search',
      headers: authHeaders(),
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(samples(await scrape(), 'agent_search_catalog_ranking_seconds_count')).toEqual([
      'agent_search_catalog_ranking_seconds_count 1',
    ]);
  });

  it('takes any API token when METRICS_TOKEN is unset, and only METRICS_TOKEN when it is set', async () => {
    expect((await h.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const guarded = await buildHarness({ slack: h.slack, config: { METRICS_TOKEN } });
    try {
      await scrape(guarded.app, METRICS_TOKEN);
      const api = await guarded.app.inject({ url: '/metrics', headers: authHeaders() });
      expect(api.statusCode).toBe(401);
      expect(api.json()).toEqual(errorBody(401, 'AS_ERR_UNAUTHORIZED', 'Invalid bearer token'));
    } finally {
      await guarded.close();
    }
  });
});
