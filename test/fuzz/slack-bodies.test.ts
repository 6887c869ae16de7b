import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHarness, errorBody, get, type Harness } from '../helper.js';
import { serveRecordedUsers } from '../support/slack-real-fixtures.js';
import { brokenBody, brokenOneOf } from './slack-body.arbitrary.js';

// Bodies Slack should never send (lists swapped for objects, numbers for strings, keys missing, anywhere
// inside a real-shaped body) must answer 200 when what the route reads is intact, else 502 in our error
// shape: never a 500. The harness also checks every answer against the OpenAPI document.

let h: Harness;
let n = 0;
beforeAll(async () => {
  h = await buildHarness();
  serveRecordedUsers(h.slack);
});
afterAll(() => h.close());

const UNREADABLE = errorBody(502, 'AS_ERR_SLACK_UNREADABLE_BODY', expect.any(String));

/** Each request unique (a fresh query or ts), so every answer is built from the body just served. */
async function answersOf(paths: (format: string) => string) {
  const out = [];
  for (const format of ['concise', 'detailed']) {
    const res = await get(h.app, paths(format));
    if (res.status === 200) expect(res.body.ok).toBe(true);
    else expect({ status: res.status, body: res.body }).toEqual({ status: 502, body: UNREADABLE });
    out.push(res.status);
  }
  return out;
}

describe('unreadable Slack bodies answer 502, never 500', () => {
  it.each([
    ['search.messages', (format: string) => `/search/messages?query=q${++n}&response_format=${format}`],
    [
      'conversations.replies',
      (format: string) => `/threads/C0LUMENGEN/${1_760_000_000 + ++n}.000100?response_format=${format}`,
    ],
  ] as const)(
    '%s bodies broken in one to three places',
    async (method, path) => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(brokenBody(method), async (body) => {
          h.slack.serveBody(method, body);
          for (const status of await answersOf(path)) statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }),
        { seed: 20_261_125, numRuns: 300 },
      );
      expect(statuses.get(200)).toBeGreaterThan(100);
      expect(statuses.get(502)).toBeGreaterThan(10);
    },
    120_000,
  );
});

// auth.test as Slack documents it (api.slack.com/methods/auth.test), and a users.info answer as recorded.
const AUTH_TEST = {
  ok: true,
  url: 'https://subarachnoiddemo.slack.com/',
  team: 'Subarachnoid Workspace',
  user: 'grace',
  team_id: 'T12345678',
  user_id: 'W12345678',
};
const USER_INFO = {
  ok: true,
  user: {
    id: 'U07DEPLOYB',
    name: 'deploybot',
    real_name: 'Deploy Bot',
    profile: { display_name: 'deploybot' },
  },
};

describe('unreadable auth.test and users.info bodies', () => {
  let fresh: Harness;
  beforeAll(async () => {
    // Neither the identity nor names are memoised (nor served stale), so every request reads the body just served.
    fresh = await buildHarness({
      config: { CACHE_AUTH_TTL_MS: 0, CACHE_USER_TTL_MS: 0, CACHE_STALE_GRACE_MS: 0 },
    });
  });
  afterAll(() => fresh.close());

  it('a broken auth.test answers 502 (never a to_me search for a garbled id); broken names never fail', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(brokenOneOf([AUTH_TEST]), brokenOneOf([USER_INFO]), async (auth, user) => {
        fresh.slack.serveBody('auth.test', auth);
        fresh.slack.serveBody('users.info', user);
        const res = await get(
          fresh.app,
          `/search/messages?to_me=true&count=3&after=2020-01-${String((++n % 28) + 1).padStart(2, '0')}`,
        );
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200)
          expect(res.body.queries).toEqual([
            expect.stringMatching(/^<@[UW][A-Z0-9]+> after:/),
            expect.any(String),
          ]);
        else expect({ status: res.status, body: res.body }).toEqual({ status: 502, body: UNREADABLE });
      }),
      { seed: 20_261_125, numRuns: 150 },
    );
    expect(statuses.get(200)).toBeGreaterThan(50);
    expect(statuses.get(502)).toBeGreaterThan(5);
  }, 120_000);
});
