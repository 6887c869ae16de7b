import { WebClient } from '@slack/web-api';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BIG_USER_TOKEN,
  bigChannelId,
  bigUserId,
  createBigWorkspace,
  type FakeSlack,
  type FakeSlackOptions,
  startFakeSlack,
} from '../../fake-slack/index.js';

// users.list and conversations.list over a big workspace: Slack's page-size rules (limit up to 1000; Slack
// may send fewer than asked), opaque cursors, and Tier 2 for both.

let fake: FakeSlack | undefined;
afterEach(() => fake?.close());

async function start(options: Partial<FakeSlackOptions> = {}) {
  fake = await startFakeSlack({
    workspace: createBigWorkspace({ people: 3000, channels: 1200 }),
    ...options,
  });
  return new WebClient(BIG_USER_TOKEN, {
    slackApiUrl: fake.url,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
  });
}

const outcome = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (e: { code?: string; data?: { error?: string }; retryAfter?: number }) =>
      e.data?.error ?? `${e.code}:${e.retryAfter}`,
  );

describe('users.list and conversations.list in a big workspace', () => {
  it('page everyone by cursor, at most 1000 a page, each once', async () => {
    const client = await start();
    const ids: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.users.list({ limit: 5000, cursor });
      sizes.push(page.members?.length ?? 0);
      ids.push(...(page.members ?? []).map((m) => m.id as string));
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
    expect(sizes).toEqual([1000, 1000, 1000]);
    expect(ids).toEqual(Array.from({ length: 3000 }, (_, i) => bigUserId(i)));
  });

  it('send at most maxListPage a page whatever the limit, as Slack may', async () => {
    const client = await start({ maxListPage: 200 });
    const people = await client.users.list({ limit: 1000 });
    expect(people.members).toHaveLength(200);
    const channels = await client.conversations.list({ types: 'public_channel', limit: 1000 });
    expect(channels.channels?.map((c) => c.id).slice(0, 2)).toEqual([bigChannelId(0), bigChannelId(1)]);
    expect(channels.channels).toHaveLength(200);
    const next = await client.conversations.list({
      types: 'public_channel',
      limit: 1000,
      cursor: channels.response_metadata?.next_cursor,
    });
    // Every 10th channel is private: the 200 public ones after the first 200.
    expect(next.channels?.[0]?.id).toBe(bigChannelId(222));
  });

  it('list the private channels the user is in only', async () => {
    const client = await start();
    const mine = await client.conversations.list({ types: 'private_channel', limit: 1000 });
    expect(mine.channels?.map((c) => c.name)).toEqual(
      Array.from({ length: 12 }, (_, i) => `channel-${i * 100 + 99}`),
    );
  });

  it('answer invalid_cursor for a cursor they did not send', async () => {
    const client = await start();
    expect(await outcome(client.users.list({ limit: 10, cursor: 'dXNlcjpVMDAwMA==' }))).toBe(
      'invalid_cursor',
    );
    expect(await outcome(client.conversations.list({ limit: 10, cursor: 'bogus' }))).toBe('invalid_cursor');
  });

  it('are Tier 2 with rateLimits: the 21st call of a minute is refused, per method', async () => {
    const client = await start({ rateLimits: true });
    for (let i = 0; i < 20; i++) expect(await outcome(client.users.list({ limit: 1 }))).toBe('ok');
    expect(await outcome(client.users.list({ limit: 1 }))).toBe('slack_webapi_rate_limited_error:60');
    expect(await outcome(client.conversations.list({ limit: 1 }))).toBe('ok');
  });
});
