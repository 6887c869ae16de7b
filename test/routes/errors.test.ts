import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ALICE_TOKEN,
  BOT_TOKEN,
  GENERAL,
  NOSCOPE_TOKEN,
  REVOKED_TOKEN,
  TS,
  tinyWorkspace,
} from '../fixtures/tiny-workspace.js';
import { API_TOKEN, authHeaders, buildHarness, errorBody, get, type Harness } from '../helper.js';

let h: Harness;
beforeAll(async () => {
  h = await buildHarness({
    fake: { workspace: tinyWorkspace() },
    config: { SLACK_USER_TOKEN: ALICE_TOKEN, REQUEST_DEADLINE_MS: 1500, SLACK_DEFAULT_RETRY_AFTER_S: 5 },
  });
});
afterAll(() => h.close());
afterEach(() => h.slack.reset());

// A fresh query per test keeps earlier answers out of the cache.
let n = 0;
const search = (headers = authHeaders()) => get(h.app, `/search/messages?query=deploy${++n}`, headers);

describe('our own bearer auth', () => {
  it('answers 401 with WWW-Authenticate when the bearer token is missing or wrong', async () => {
    const missing = await get(h.app, '/search/messages?query=x', {});
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="agent-search"');
    expect(missing.body).toEqual(
      errorBody(
        401,
        'AS_ERR_UNAUTHORIZED',
        'Missing Authorization header: send Authorization: Bearer <token>',
      ),
    );
    const wrong = await get(h.app, '/search/messages?query=x', { authorization: `Bearer ${API_TOKEN}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(errorBody(401, 'AS_ERR_UNAUTHORIZED', 'Invalid bearer token'));
    const basic = await get(h.app, '/threads/C0GENERAL1/1767225660.000200', { authorization: 'Basic abc' });
    expect(basic.status).toBe(401);
    expect(h.slack.count()).toBe(0);
  });

  it('answers 401 when there is no Slack token at all', async () => {
    const noSlack = await buildHarness({ slack: h.slack, config: { SLACK_USER_TOKEN: undefined } });
    try {
      const res = await get(noSlack.app, '/search/messages?query=x');
      expect(res.status).toBe(401);
      expect(res.body).toEqual(
        errorBody(
          401,
          'AS_ERR_NO_SLACK_TOKEN',
          'No Slack identity for this request: sign in with Slack (a bearer token from this server, see /signin) or send X-Slack-Token (a user token, xoxp-…); a service may use SLACK_USER_TOKEN',
        ),
      );
    } finally {
      await noSlack.close();
    }
  });
});

describe('Slack errors', () => {
  it('blames the caller (401) for its own bad X-Slack-Token, and us (502) for ours', async () => {
    const caller = await search(authHeaders({ 'x-slack-token': REVOKED_TOKEN }));
    expect(caller.status).toBe(401);
    expect(caller.body).toEqual(
      errorBody(401, 'AS_ERR_SLACK_AUTH', 'Slack rejected the X-Slack-Token: token_revoked'),
    );
    const unknown = await search(authHeaders({ 'x-slack-token': 'xoxp-not-a-token' }));
    expect(unknown.body).toEqual(
      errorBody(401, 'AS_ERR_SLACK_AUTH', 'Slack rejected the X-Slack-Token: invalid_auth'),
    );
    const ours = await buildHarness({ slack: h.slack, config: { SLACK_USER_TOKEN: REVOKED_TOKEN } });
    try {
      const res = await get(ours.app, '/search/messages?query=x');
      expect(res.status).toBe(502);
      expect(res.body).toEqual(
        errorBody(
          502,
          'AS_ERR_SLACK_SERVICE_AUTH',
          "Slack rejected the service's own Slack token: token_revoked",
        ),
      );
    } finally {
      await ours.close();
    }
  });

  it('maps missing_scope to 403 naming the scope, and a bot token on search to 400', async () => {
    const scope = await search(authHeaders({ 'x-slack-token': NOSCOPE_TOKEN }));
    expect(scope.status).toBe(403);
    expect(scope.body).toEqual(
      errorBody(403, 'AS_ERR_SLACK_MISSING_SCOPE', 'The Slack token lacks the scope search:read'),
    );
    const bot = await search(authHeaders({ 'x-slack-token': BOT_TOKEN }));
    expect(bot.status).toBe(400);
    expect(bot.body).toEqual(
      errorBody(
        400,
        'AS_ERR_SLACK_TOKEN_TYPE',
        'Slack search.messages needs a user token (xoxp-…); this token type is not allowed',
      ),
    );
  });

  it('maps a bad Slack cursor to 400', async () => {
    const res = await get(h.app, `/threads/${GENERAL}/${TS.parent}?cursor=bm9wZQ`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      errorBody(400, 'AS_ERR_SLACK_BAD_REQUEST', 'Slack refused the request: invalid_cursor'),
    );
  });

  it('waits out a 429 whose Retry-After fits the deadline, then answers', async () => {
    await search(); // auth.test memoised
    h.slack.inject({ method: 'search.messages', kind: 'ratelimit', retryAfter: 1 });
    const started = Date.now();
    const res = await search();
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(h.slack.count('search.messages')).toBe(3);
  });

  it('answers 429 with Retry-After when the wait would pass the deadline, without calling Slack again', async () => {
    const isolated = await buildHarness({
      fake: { workspace: tinyWorkspace() },
      config: { SLACK_USER_TOKEN: ALICE_TOKEN, REQUEST_DEADLINE_MS: 1500 },
    });
    try {
      isolated.slack.inject({ method: 'search.messages', kind: 'ratelimit', retryAfter: 30 });
      const res = await get(isolated.app, '/search/messages?query=a');
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.body).toEqual(
        errorBody(429, 'AS_ERR_SLACK_RATE_LIMITED', 'Slack rate limit for search.messages: retry after 30 s'),
      );
      const next = await get(isolated.app, '/search/messages?query=b');
      expect(next.status).toBe(429);
      expect(Number(next.headers['retry-after'])).toBeGreaterThanOrEqual(29);
      expect(isolated.slack.count('search.messages')).toBe(1);
    } finally {
      await isolated.close();
    }
  });

  it('caps a Retry-After past SLACK_MAX_RETRY_AFTER_S, then tries Slack again', async () => {
    let now = Date.now();
    const isolated = await buildHarness({
      fake: { workspace: tinyWorkspace() },
      config: { SLACK_USER_TOKEN: ALICE_TOKEN },
      clock: () => now,
    });
    try {
      isolated.slack.inject({ method: 'search.messages', kind: 'ratelimit', retryAfter: 100_000 });
      const res = await get(isolated.app, '/search/messages?query=a');
      expect({ status: res.status, retryAfter: res.headers['retry-after'], body: res.body }).toEqual({
        status: 429,
        retryAfter: '900',
        body: errorBody(
          429,
          'AS_ERR_SLACK_RATE_LIMITED',
          'Slack rate limit for search.messages: retry after 900 s',
        ),
      });
      now += 800_000;
      const blocked = await get(isolated.app, '/search/messages?query=b');
      expect({ status: blocked.status, retryAfter: blocked.headers['retry-after'] }).toEqual({
        status: 429,
        retryAfter: '100',
      });
      expect(isolated.slack.count('search.messages')).toBe(1);
      now += 100_000;
      const after = await get(isolated.app, '/search/messages?query=c');
      expect(after.status).toBe(200);
      expect(isolated.slack.count('search.messages')).toBe(2);
    } finally {
      await isolated.close();
    }
  });

  it('treats a 429 without Retry-After as rate limited for the default time', async () => {
    const isolated = await buildHarness({
      fake: { workspace: tinyWorkspace() },
      config: { SLACK_USER_TOKEN: ALICE_TOKEN, SLACK_DEFAULT_RETRY_AFTER_S: 20 },
    });
    try {
      isolated.slack.inject({ method: 'search.messages', kind: 'ratelimit', retryAfter: null });
      const res = await get(isolated.app, '/search/messages?query=a');
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBe('20');
    } finally {
      await isolated.close();
    }
  });

  it('maps Slack 5xx, resets and unreadable bodies to 502', async () => {
    await search();
    for (const fault of [
      { kind: 'http', status: 503, times: 3 },
      { kind: 'reset', times: 3 },
      { kind: 'non_json', times: 3 },
    ] as const) {
      h.slack.reset();
      h.slack.inject({ method: 'search.messages', ...fault });
      const res = await search();
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('AS_ERR_SLACK_UNAVAILABLE');
      expect(res.body.message).toMatch(/^Slack is unavailable: search\.messages /);
    }
  });

  it('answers 504 when Slack is slower than the deadline', async () => {
    await search();
    h.slack.inject({ method: 'search.messages', kind: 'delay', ms: 2500 });
    const started = Date.now();
    const res = await search();
    expect(res.status).toBe(504);
    expect(res.body).toEqual(errorBody(504, 'AS_ERR_DEADLINE', 'The request did not finish within 1500 ms'));
    expect(Date.now() - started).toBeLessThan(2200);
  });
});

describe('validation', () => {
  it.each([
    ['/search/messages?query=x&count=0', 'querystring/count must be an integer from 1 to 100'],
    ...['Infinity', '1e400', '-Infinity', '0x10', '%201', '1.0', 'true', '101', '9007199254740993'].map(
      (count) => [
        `/search/messages?query=x&count=${count}`,
        'querystring/count must be an integer from 1 to 100',
      ],
    ),
    [
      `/messages/context?channel=C1&ts=1.2&before=Infinity&after=Infinity`,
      'querystring/before must be an integer from 0 to 50',
    ],
    ['/search/messages?query=x&sort=random', 'querystring/sort must be one of score, timestamp'],
    ['/search/messages?query=x&after=2026-02-30', 'querystring/after must be a date like 2026-03-01'],
    ['/search/messages?query=x&min_score=2', 'querystring/min_score must be a number from 0 to 1'],
    [
      '/search/messages?query=x&channel_ids=general',
      'querystring/channel_ids/0 must be an id like C0123ABCD, or #name (%23name in a URL)',
    ],
    ['/search/messages?query=x&to_me=maybe', 'querystring/to_me must be one of false, true, mention, dm'],
    [
      '/search/messages?query=x&bogus=1',
      'unknown parameter "bogus"; this route takes query, count, cursor, sort, sort_dir, highlight, response_format, workspace, channel_ids, from_users, after, before, on, to_me, min_score, dedupe_threads, max_text_chars, include_context',
    ],
    ['/search/messages', 'querystring/query is required unless to_me is set'],
  ])('%s → 400 naming the field', async (url, message) => {
    const res = await get(h.app, url);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(h.slack.count('search.messages')).toBe(0);
  });
});
