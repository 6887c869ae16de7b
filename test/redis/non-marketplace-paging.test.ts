import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LONG_THREAD } from '../../fake-slack/index.js';
import { buildHarness, errorBody, get, type Harness } from '../helper.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';

const THREAD = `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}`;
const MORE = 'Use next_cursor for more results.';
const CAP =
  'Slack sent 15 messages where the limit was 100: apps outside the Slack Marketplace get at most 15 a page.';

let server: RedisServer;
let paced: Harness;
let offset = 0;

beforeAll(async () => {
  server = await startRedisServer();
  paced = await buildHarness({
    redisUrl: server.url,
    clock: () => Date.now() + offset,
    config: { SLACK_RATE_PRESET: 'non-marketplace' },
  });
});
afterAll(async () => {
  await paced.close();
  await server.stop();
});

const page = (cursor?: string) =>
  get(paced.app, `${THREAD}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);

describe('the non-Marketplace preset', () => {
  it('pages a 40-reply thread 15 messages at a time, one Slack call a minute', async () => {
    // The whole thread in one read, from an instance without the preset, to compare pages against.
    const unpaced = await buildHarness({ slack: paced.slack });
    const whole = await get(unpaced.app, `${THREAD}?limit=100`);
    await unpaced.close();
    const all = whole.body.messages as unknown[];
    expect(all).toHaveLength(DEMO_LONG_THREAD.replyCount + 1);
    paced.slack.reset();

    const first = await page();
    expect(first.body).toEqual({
      ok: true,
      messages: all.slice(0, 15),
      has_more: true,
      response_metadata: { next_cursor: expect.any(String) },
      summary: `Found 41 messages in thread (showing 1–15). ${MORE} ${CAP}`,
    });
    const cursor1 = (first.body.response_metadata as { next_cursor: string }).next_cursor;

    // Slack allows this app one conversations.replies a minute: the next page would wait past the deadline.
    const tooSoon = await page(cursor1);
    expect([tooSoon.status, tooSoon.headers['retry-after']]).toEqual([429, '60']);
    expect(tooSoon.body).toEqual(
      errorBody(
        429,
        'AS_ERR_SLACK_RATE_LIMITED',
        'Slack rate limit for conversations.replies: retry after 60 s',
      ),
    );

    offset += 60_000;
    const second = await page(cursor1);
    expect(second.body).toEqual({
      ok: true,
      messages: all.slice(15, 30),
      has_more: true,
      response_metadata: { next_cursor: expect.any(String) },
      summary: `Found 41 messages in thread (showing 16–30). ${MORE} ${CAP}`,
    });

    offset += 60_000;
    const cursor2 = (second.body.response_metadata as { next_cursor: string }).next_cursor;
    const third = await page(cursor2);
    expect(third.body).toEqual({
      ok: true,
      messages: all.slice(30),
      has_more: false,
      summary: 'Found 41 messages in thread (showing 31–41).',
    });

    const replies = paced.slack.calls.filter((c) => c.method === 'conversations.replies');
    expect(replies.map((c) => c.params.limit)).toEqual(['15', '15', '15']);
  });
});
