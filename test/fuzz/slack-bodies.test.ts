import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHarness, errorBody, get, type Harness } from '../helper.js';
import { serveRecordedUsers } from '../support/slack-real-fixtures.js';
import { brokenBody } from './slack-body.arbitrary.js';

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
        fc.asyncProperty(brokenBody(method), async ({ body }) => {
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
