import { WebClient } from '@slack/web-api';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_CHANNELS,
  DEMO_LONG_THREAD,
  DEMO_OTHER_TOKEN,
  DEMO_USER_TOKEN,
  type FakeSlack,
  type FakeSlackOptions,
  startFakeSlack,
} from '../../fake-slack/index.js';
import { tinyWorkspace } from './tiny-workspace.js';

type Replies = Awaited<ReturnType<WebClient['conversations']['replies']>>;
let fake: FakeSlack | undefined;
afterEach(() => fake?.close());

async function start(options: FakeSlackOptions = {}, token = DEMO_USER_TOKEN) {
  fake = await startFakeSlack(options);
  return new WebClient(token, { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
}

async function walk(client: WebClient, args: { channel: string; ts: string; limit: number }) {
  const pages: Replies[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.conversations.replies({ ...args, ...(cursor ? { cursor } : {}) });
    pages.push(page);
    cursor = page.response_metadata?.next_cursor;
  } while (cursor);
  return pages;
}

const ONE_PER_MINUTE_LIFTED = { rateLimits: { 'conversations.replies': { limit: 100, windowMs: 60_000 } } };

describe('conversations.replies', () => {
  it('pages the 40-reply thread at limit 15 (non-Marketplace clamp), oldest first, no gaps', async () => {
    const client = await start({ nonMarketplace: true, ...ONE_PER_MINUTE_LIFTED });
    const pages = await walk(client, { ...DEMO_LONG_THREAD, limit: 200 });
    expect(pages.map((p) => p.messages?.length)).toEqual([15, 15, 11]);
    expect(pages.map((p) => p.has_more)).toEqual([true, true, false]);
    const messages = pages.flatMap((p) => p.messages ?? []);
    const ts = messages.map((m) => m.ts ?? '');
    expect(new Set(ts).size).toBe(41);
    expect(ts).toEqual([...ts].sort((a, b) => Number(a) - Number(b)));
    expect(messages[0]).toMatchObject({
      ts: DEMO_LONG_THREAD.ts,
      thread_ts: DEMO_LONG_THREAD.ts,
      reply_count: 40,
      latest_reply: ts[40],
      is_locked: false,
    });
    expect(messages[0]?.reply_users_count).toBe(messages[0]?.reply_users?.length);
    for (const reply of messages.slice(1)) {
      expect(reply).toMatchObject({ thread_ts: DEMO_LONG_THREAD.ts, parent_user_id: messages[0]?.user });
    }
  });

  it('repliesRepeatParent puts the parent first on every page', async () => {
    const client = await start({ repliesRepeatParent: true });
    const pages = await walk(client, { ...DEMO_LONG_THREAD, limit: 15 });
    expect(pages.map((p) => p.messages?.[0]?.ts)).toEqual(pages.map(() => DEMO_LONG_THREAD.ts));
    const unique = new Set(pages.flatMap((p) => p.messages ?? []).map((m) => m.ts));
    expect(unique.size).toBe(41);
  });

  it('accepts any reply ts for the whole thread, and returns a lone message for an unthreaded ts', async () => {
    fake = await startFakeSlack({ workspace: tinyWorkspace() });
    const client = new WebClient('xoxp-ann', { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
    const fromReply = await client.conversations.replies({ channel: 'C0GEN', ts: '1772449200.000200' });
    expect(fromReply.messages?.map((m) => m.ts)).toEqual(['1772445600.000100', '1772449200.000200']);
    const lone = await client.conversations.replies({ channel: 'C0GEN', ts: '1772452800.000300' });
    expect(lone).toEqual({
      ok: true,
      messages: [
        {
          client_msg_id: expect.any(String),
          type: 'message',
          text: 'lunch?',
          user: 'U0CAT',
          ts: '1772452800.000300',
          blocks: [expect.objectContaining({ type: 'rich_text' })],
          team: 'T0TINY',
        },
      ],
      has_more: false,
      response_metadata: expect.objectContaining({ scopes: expect.any(Array) }),
    });
    const windowed = await client.conversations.replies({
      channel: 'C0GEN',
      ts: '1772445600.000100',
      oldest: '1772449200.000200',
    });
    expect(windowed.messages?.map((m) => m.ts)).toEqual(['1772445600.000100']);
    const inclusive = await client.conversations.replies({
      channel: 'C0GEN',
      ts: '1772445600.000100',
      oldest: '1772449200.000200',
      inclusive: true,
    });
    expect(inclusive.messages).toHaveLength(2);
  });

  it.each([
    [{ channel: 'C0NOPE', ts: '1772445600.000100' }, 'channel_not_found'],
    [{ channel: 'D0BC', ts: '1772546400.000100' }, 'channel_not_found'],
    [{ channel: 'C0GEN', ts: '1772445600.999999' }, 'thread_not_found'],
    [{ channel: 'C0GEN', ts: 'yesterday' }, 'thread_not_found'],
    [{ channel: 'C0GEN', ts: '1772445600.000100', cursor: 'bogus' }, 'invalid_cursor'],
    [{ channel: 'C0GEN', ts: '1772445600.000100', oldest: 'x' }, 'invalid_ts_oldest'],
    [{ channel: 'C0GEN', ts: '1772445600.000100', latest: 'y' }, 'invalid_ts_latest'],
  ])('%o → %s', async (args, code) => {
    fake = await startFakeSlack({ workspace: tinyWorkspace() });
    const client = new WebClient('xoxp-ann', { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
    const error = await client.conversations.replies(args).catch((e: { data: { error: string } }) => e);
    expect((error as { data: { error: string } }).data.error).toBe(code);
  });

  it('hides private channels from non-members', async () => {
    const leo = await start({}, DEMO_OTHER_TOKEN);
    const error = await leo.conversations
      .replies({ channel: DEMO_CHANNELS.platformLeads, ts: '1.0' })
      .catch((e: { data: { error: string } }) => e.data.error);
    expect(error).toBe('channel_not_found');
  });
});
