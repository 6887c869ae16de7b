import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHarness, get, type Harness } from '../helper.js';

/** A deploy notice in #engineering, with 28 channel messages before it. */
const DEPLOY = 'https://acme-demo.slack.com/archives/C07ENGINRG/p1773651316476577';
const CAP =
  'Slack sent 15 messages where the limit was 21: apps outside the Slack Marketplace get at most 15 a page.';

// Our gateway clamps limit to 15 and our gate paces 1 a minute; the fake itself does not limit (its
// limiter runs on real time, the test moves our clock).
let h: Harness;
let offset = 0;
beforeAll(async () => {
  h = await buildHarness({
    clock: () => Date.now() + offset,
    config: { SLACK_RATE_PRESET: 'non-marketplace' },
  });
});
afterAll(() => h.close());

const counts = () => ({
  history: h.slack.count('conversations.history'),
  replies: h.slack.count('conversations.replies'),
});
const read = () => get(h.app, `/messages/context?url=${encodeURIComponent(DEPLOY)}&before=20&after=5`);

describe('the context read under the non-Marketplace preset', () => {
  it('gets 15 messages from its one history call a minute, says what was left out, and completes a minute later', async () => {
    const first = await read();
    expect(first.status).toBe(200);
    const body = first.body as {
      before: Array<{ ts: string }>;
      message: { ts: string };
      after: unknown[];
      thread?: unknown;
      summary: string;
    };
    expect([body.before.length, body.message.ts, body.after.length, body.thread]).toEqual([
      14,
      '1773651316.476577',
      0,
      undefined,
    ]);
    expect(body.summary).toBe(
      `The message by @deploybot at 2026-03-16 08:55 UTC in #engineering, with 14 messages before it and 0 after, oldest first. More of the channel: earlier: GET /channels/C07ENGINRG/history?latest=${body.before[0]?.ts}. ${CAP} Messages after it were left out: Slack's rate limit allows no more calls now (retry after 60 s).`,
    );
    expect(counts()).toEqual({ history: 1, replies: 0 });

    // Within the minute: what Slack sent is reused; the missing side is still refused by our own gate.
    const again = await read();
    expect(again.body).toEqual(first.body);
    expect(counts()).toEqual({ history: 1, replies: 0 });

    offset += 61_000;
    const later = await read();
    expect((later.body.after as unknown[]).length).toBe(5);
    expect(later.body.summary).toBe(
      `The message by @deploybot at 2026-03-16 08:55 UTC in #engineering, with 14 messages before it and 5 after, oldest first. More of the channel: earlier: GET /channels/C07ENGINRG/history?latest=${body.before[0]?.ts}; later: GET /channels/C07ENGINRG/history?oldest=${(later.body.after as Array<{ ts: string }>)[4]?.ts}. ${CAP}`,
    );
    expect(counts()).toEqual({ history: 2, replies: 0 });
  });
});
