import { WebClient } from '@slack/web-api';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeSlack, type FakeSlackOptions, startFakeSlack } from '../../fake-slack/index.js';
import { ANN, tinyWorkspace } from './tiny-workspace.js';

let fake: FakeSlack | undefined;
afterEach(() => fake?.close());

/** The tiny workspace plus #log: ten messages a minute apart (tsOf(0) … tsOf(9)). */
const T0 = 1772460000;
const tsOf = (i: number) => `${T0 + i * 60}.000100`;

async function start(options: FakeSlackOptions = {}, token = 'xoxp-ann') {
  const workspace = tinyWorkspace();
  workspace.channels.push({ id: 'C0LOG', kind: 'public', name: 'log', members: [ANN], created: T0 });
  for (let i = 0; i < 10; i++) {
    workspace.messages.push({ channel: 'C0LOG', ts: tsOf(i), user: ANN, text: `message ${i}` });
  }
  fake = await startFakeSlack({ workspace, ...options });
  return new WebClient(token, { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
}

const tsList = (body: { messages?: Array<{ ts?: string }> }) => body.messages?.map((m) => m.ts);
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { data?: { error?: string } }) => e.data?.error,
  );

describe('conversations.history', () => {
  it('returns top-level messages newest first (thread replies stay in their thread), with Slack’s fields', async () => {
    const client = await start();
    const body = await client.conversations.history({ channel: 'C0LOG', limit: 3 });
    expect(tsList(body)).toEqual([tsOf(9), tsOf(8), tsOf(7)]);
    expect(body).toMatchObject({ ok: true, has_more: true, pin_count: 0, channel_actions_count: 0 });
    expect(body.messages?.[0]).toMatchObject({ type: 'message', user: ANN, text: 'message 9' });
    const all = await client.conversations.history({ channel: 'C0LOG' });
    expect(all.messages).toHaveLength(10);
    expect(all.has_more).toBe(false);
    expect(all.response_metadata?.next_cursor).toBeUndefined();
    const general = await client.conversations.history({ channel: 'C0GEN' });
    expect(tsList(general)).toEqual(['1772629200.000100', '1772452800.000300', '1772445600.000100']);
    expect(general.messages?.at(-1)).toMatchObject({ ts: '1772445600.000100', reply_count: 1 });
  });

  it('pages older with next_cursor until has_more is false, without gaps or repeats', async () => {
    const client = await start();
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.conversations.history({ channel: 'C0LOG', limit: 5, cursor });
      seen.push(...(tsList(page) as string[]));
      cursor = page.response_metadata?.next_cursor;
      expect(page.has_more).toBe(cursor !== undefined);
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
    expect(seen).toEqual([...seen].sort((a, b) => Number(b) - Number(a)));
  });

  it('latest (exclusive unless inclusive) gives the messages closest to it', async () => {
    const client = await start();
    const before = await client.conversations.history({ channel: 'C0LOG', latest: tsOf(5), limit: 2 });
    expect(tsList(before)).toEqual([tsOf(4), tsOf(3)]);
    expect(before).toMatchObject({ latest: tsOf(5), has_more: true });
    const at = await client.conversations.history({
      channel: 'C0LOG',
      latest: tsOf(5),
      inclusive: true,
      limit: 1,
    });
    expect(tsList(at)).toEqual([tsOf(5)]);
  });

  it('only oldest gives the messages closest to it (paging forward), still newest first', async () => {
    const client = await start();
    const after = await client.conversations.history({ channel: 'C0LOG', oldest: tsOf(5), limit: 2 });
    expect(tsList(after)).toEqual([tsOf(7), tsOf(6)]);
    const next = after.response_metadata?.next_cursor;
    const more = await client.conversations.history({
      channel: 'C0LOG',
      oldest: tsOf(5),
      limit: 2,
      cursor: next,
    });
    expect(tsList(more)).toEqual([tsOf(9), tsOf(8)]);
    expect(more.has_more).toBe(false);
    const both = await client.conversations.history({
      channel: 'C0LOG',
      oldest: tsOf(2),
      latest: tsOf(6),
      inclusive: true,
      limit: 2,
    });
    expect(tsList(both)).toEqual([tsOf(6), tsOf(5)]);
  });

  it('clamps limit to 15 for non-Marketplace apps and allows them one call a minute', async () => {
    const client = await start({ nonMarketplace: true });
    for (let i = 10; i < 20; i++) {
      fake?.workspace.messages.push({ channel: 'C0LOG', ts: tsOf(i), user: ANN, text: `message ${i}` });
    }
    const page = await client.conversations.history({ channel: 'C0LOG', limit: 100 });
    expect(page.messages).toHaveLength(15);
    expect(page.has_more).toBe(true);
    const strict = new WebClient('xoxp-ann', {
      slackApiUrl: fake?.url,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
    });
    const second = await strict.conversations
      .history({ channel: 'C0LOG' })
      .catch((e: { code?: string }) => e.code);
    expect(second).toBe('slack_webapi_rate_limited_error');
  });

  it('fails as Slack does: channel_not_found, invalid_ts_latest, invalid_cursor, missing_scope', async () => {
    const client = await start();
    expect(await errorOf(client.conversations.history({ channel: 'C0NOPE' }))).toBe('channel_not_found');
    expect(await errorOf(client.conversations.history({ channel: 'D0BC' }))).toBe('channel_not_found');
    expect(await errorOf(client.conversations.history({ channel: 'C0LOG', latest: 'soon' }))).toBe(
      'invalid_ts_latest',
    );
    expect(await errorOf(client.conversations.history({ channel: 'C0LOG', cursor: 'bm9wZQ==' }))).toBe(
      'invalid_cursor',
    );
  });
});

describe('conversations.list', () => {
  it('lists the conversations of the asked types the user can see, paged by cursor', async () => {
    const client = await start();
    const first = await client.conversations.list({ types: 'public_channel,private_channel', limit: 1 });
    expect(first.channels?.map((c) => c.name)).toEqual(['general']);
    const next = first.response_metadata?.next_cursor;
    const second = await client.conversations.list({ types: 'public_channel,private_channel', cursor: next });
    expect(second.channels?.map((c) => [c.id, c.name, c.is_private])).toEqual([
      ['C0SEC', 'secret', true],
      ['C0LOG', 'log', false],
    ]);
    expect(second.response_metadata?.next_cursor).toBe('');
    expect((await client.conversations.list({})).channels?.map((c) => c.id)).toEqual(['C0GEN', 'C0LOG']);
    expect(await errorOf(client.conversations.list({ types: 'everything' }))).toBe('invalid_types');
  });
});
