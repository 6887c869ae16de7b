import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE_TOKEN, tinyWorkspace } from '../fixtures/tiny-workspace.js';
import { authHeaders, buildHarness, errorBody, get, type Harness } from '../helper.js';

let h: Harness;
let offset = 0;
const lines: string[] = [];
beforeAll(async () => {
  h = await buildHarness({
    fake: { workspace: tinyWorkspace() },
    config: { REQUEST_DEADLINE_MS: 1500, LOG_LEVEL: 'debug' },
    clock: () => Date.now() + offset,
    logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } },
  });
});
afterAll(() => h.close());

const alice = authHeaders({ 'x-slack-token': ALICE_TOKEN });
let unique = 0;
const fresh = () => `/search/messages?query=deploy+-h${++unique}`;

describe('Slack retries', () => {
  it('are bounded, with a floor on the wait: Retry-After: 0 forever makes three calls, not thousands', async () => {
    const long = await buildHarness({ slack: h.slack, config: { REQUEST_DEADLINE_MS: 10_000 } });
    try {
      await get(long.app, fresh(), alice);
      const before = h.slack.count('search.messages');
      h.slack.inject({ method: 'search.messages', kind: 'ratelimit', retryAfter: 0, times: 1000 });
      const res = await get(long.app, fresh(), alice);
      expect([res.status, res.headers['retry-after'], res.body]).toEqual([
        429,
        '1',
        errorBody(429, 'AS_ERR_SLACK_RATE_LIMITED', 'Slack rate limit for search.messages: retry after 1 s'),
      ]);
      expect(h.slack.count('search.messages') - before).toBe(3);
    } finally {
      h.slack.reset();
      await long.close();
    }
  });
});

describe('stale-if-slow', () => {
  it('serves the expired entry when Slack does not answer within the deadline', async () => {
    const url = fresh();
    const miss = await get(h.app, url, alice);
    offset += 61_000; // past the search TTL, inside the stale grace
    h.slack.inject({ method: 'search.messages', kind: 'delay', ms: 3000 });
    const stale = await get(h.app, url, alice);
    expect([miss.headers['x-cache'], stale.status, stale.headers['x-cache']]).toEqual(['MISS', 200, 'STALE']);
    expect(stale.body.messages).toEqual(miss.body.messages);
    expect(stale.body.summary).toMatch(/cached/);
    h.slack.reset();
  });
});

describe('a caller token revoked after its identity was memoised', () => {
  it('is re-validated within CACHE_AUTH_TTL_MS (10 min) and then gets 401, never a cached or stale answer', async () => {
    const headers = alice;
    const url = fresh();
    expect((await get(h.app, url, headers)).status).toBe(200);
    offset += 10 * 60_000 + 1000;
    h.slack.inject({ method: 'auth.test', kind: 'error', error: 'token_revoked', times: 5 });
    h.slack.inject({ method: 'search.messages', kind: 'error', error: 'token_revoked', times: 5 });
    const res = await get(h.app, url, headers);
    expect([res.status, res.body]).toEqual([
      401,
      errorBody(401, 'AS_ERR_SLACK_AUTH', 'Slack rejected the X-Slack-Token: token_revoked'),
    ]);
    h.slack.reset();
  });
});

describe('the Slack SDK at LOG_LEVEL=debug', () => {
  it('logs what it did, never a request or response body', async () => {
    lines.length = 0;
    const res = await get(h.app, fresh(), alice);
    // The words after the highlighted query word: in Slack's body the highlight markers differ.
    const matches = (res.body.messages as { matches: Array<{ text: string }> }).matches;
    const texts = matches.map((m) => m.text.slice(m.text.lastIndexOf('*') + 1)).filter((t) => t.length > 8);
    expect(texts.length).toBeGreaterThan(0);
    const sdk = lines.filter((l) => l.includes('"component":"slack-sdk"'));
    expect(sdk.length).toBeGreaterThan(0);
    for (const text of texts) expect(lines.join('\n')).not.toContain(text);
    expect(lines.join('\n')).not.toContain(ALICE_TOKEN);
  });
});
