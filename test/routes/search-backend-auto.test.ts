import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_ID } from '../../fake-slack/index.js';
import { authHeaders, buildHarness, errorBody, get, type Harness } from '../helper.js';

// SLACK_SEARCH_BACKEND=auto (the default): RTS for tokens whose scopes (auth.test's x-oauth-scopes) include
// search:read.public, search.messages otherwise, and for a while after RTS says it is not there.

const LEGACY_ONLY = 'xoxp-demo-legacy-only';
const PUBLIC_ONLY = 'xoxp-demo-rts-public-only';
const READ = ['channels:history', 'groups:history', 'im:history', 'mpim:history', 'users:read'];

let offset = 0;
const lines: string[] = [];
let h: Harness;
beforeAll(async () => {
  h = await buildHarness({
    clock: () => Date.now() + offset,
    // Identities re-validated less often than the 61 s each test moves the clock: the calls are the searches.
    config: { SLACK_SEARCH_BACKEND: 'auto', LOG_LEVEL: 'warn', CACHE_AUTH_TTL_MS: 600_000 },
    logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
  });
  h.slack.workspace.tokens.push({
    token: LEGACY_ONLY,
    type: 'user',
    userId: DEMO_USER_ID,
    scopes: ['search:read', ...READ],
  });
  h.slack.workspace.tokens.push({
    token: PUBLIC_ONLY,
    type: 'user',
    userId: DEMO_USER_ID,
    scopes: ['search:read', 'search:read.public', ...READ],
  });
});
afterAll(() => h.close());
afterEach(() => {
  h.slack.reset();
  offset += 61_000;
  lines.length = 0;
});

// Names (users.info, and the people directory an RTS search reads beside it) are not what these tests are about.
const methods = () =>
  h.slack.calls.map((c) => c.method).filter((m) => m !== 'users.info' && m !== 'users.list');
const search = (url: string, headers = authHeaders()) => get(h.app, url, headers);

describe('SLACK_SEARCH_BACKEND=auto', () => {
  it('uses RTS for a token with search:read.public and search.messages for one with search:read only', async () => {
    const viaRts = await search('/search/messages?query=rollback');
    const viaLegacy = await search(
      '/search/messages?query=rollback',
      authHeaders({ 'x-slack-token': LEGACY_ONLY }),
    );
    expect([viaRts.body.backend, viaLegacy.body.backend]).toEqual(['rts', 'search.messages']);
    expect(methods()).toEqual(['auth.test', 'assistant.search.context', 'auth.test', 'search.messages']);
  });

  it('sends to_me=true to RTS for a token with a DM search scope, and to search.messages without one', async () => {
    const viaRts = await search('/search/messages?to_me=true&count=2');
    const viaLegacy = await search(
      '/search/messages?to_me=true&count=2',
      authHeaders({ 'x-slack-token': PUBLIC_ONLY }),
    );
    expect([viaRts.body.backend, viaLegacy.body.backend]).toEqual(['rts', 'search.messages']);
    expect(methods().filter((m) => m !== 'auth.test')).toEqual([
      'assistant.search.context',
      'assistant.search.context',
      'search.messages',
      'search.messages',
    ]);
  });

  it('switches a token to search.messages when RTS says it is not there, and logs it once', async () => {
    h.slack.inject({ kind: 'error', method: 'assistant.search.context', error: 'feature_not_enabled' });
    const first = await search('/search/messages?query=deploy&count=1');
    const second = await search('/search/messages?query=rollback&count=1');
    expect([first.status, first.body.backend, second.body.backend]).toEqual([
      200,
      'search.messages',
      'search.messages',
    ]);
    expect(methods()).toEqual(['assistant.search.context', 'search.messages', 'search.messages']);
    const warnings = lines.map((l) => JSON.parse(l)).filter((l) => l.msg.includes('real-time search'));
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        slackError: 'feature_not_enabled',
        fallbackMs: 600_000,
        msg: 'real-time search is not available to this Slack token: using search.messages for it',
      }),
    ]);
    // After SLACK_RTS_FALLBACK_MS the token tries RTS again.
    offset += 600_001;
    h.slack.reset();
    const later = await search('/search/messages?query=deploy&count=1');
    expect(later.body.backend).toBe('rts');
  });

  it('answers from search.messages once the per-user RTS quota is spent, saying so', async () => {
    for (let i = 1; i <= 10; i++) await search(`/search/messages?query=deploy${i}`);
    const res = await search('/search/messages?query=rollback');
    expect(res.status).toBe(200);
    expect(res.body.backend).toBe('search.messages');
    expect(res.body.summary).toMatch(
      /^Found 5 messages\. Slack allows 10 real-time searches a minute per user and this user's are spent: search\.messages answered \(keywords\); real-time search again in (59|60) s\. Whole thread: GET \/threads\/\{channel_id\}\/\{thread_ts\}\. Around a match: GET \/messages\/context\?url=<permalink>\. Full Slack objects: response_format=detailed\.$/,
    );
    expect(h.slack.count('assistant.search.context')).toBe(10);
  });

  it('serves an RTS cursor with RTS: 429 with Retry-After while the quota is spent, never search.messages', async () => {
    const first = await search('/search/messages?query=deploy&count=2');
    const cursor = (first.body.response_metadata as { next_cursor: string }).next_cursor;
    expect([first.body.backend, cursor.startsWith('as1.')]).toEqual(['rts', true]);
    for (let i = 1; i <= 9; i++) await search(`/search/messages?query=burn${i}`);
    h.slack.reset();
    const spent = await search(`/search/messages?query=deploy&count=2&cursor=${cursor}`);
    const retryAfter = Number(spent.headers['retry-after']);
    expect([spent.status, [59, 60].includes(retryAfter)]).toEqual([429, true]);
    expect(spent.body).toEqual(
      errorBody(
        429,
        'AS_ERR_SLACK_RATE_LIMITED',
        `Slack rate limit for assistant.search.context (10 a minute per user): retry after ${retryAfter} s`,
      ),
    );
    expect(methods()).toEqual([]);
    offset += 61_000;
    const later = await search(`/search/messages?query=deploy&count=2&cursor=${cursor}`);
    expect([later.status, later.body.backend]).toEqual([200, 'rts']);
    expect(h.slack.calls.find((c) => c.method === 'assistant.search.context')?.params.cursor).toBeTruthy();
  });

  it('serves a cursor the search.messages fallback issued with search.messages once RTS is back', async () => {
    for (let i = 1; i <= 10; i++) await search(`/search/messages?query=spend${i}`);
    const first = await search('/search/messages?query=deploy&count=2');
    const cursor = (first.body.response_metadata as { next_cursor: string }).next_cursor;
    expect(first.body.backend).toBe('search.messages');
    offset += 61_000;
    h.slack.reset();
    const next = await search(`/search/messages?query=deploy&count=2&cursor=${cursor}`);
    expect([next.status, next.body.backend]).toEqual([200, 'search.messages']);
    expect(methods()).toEqual(['search.messages']);
    const fresh = await search('/search/messages?query=deploy&count=2');
    expect(fresh.body.backend).toBe('rts');
  });
});
