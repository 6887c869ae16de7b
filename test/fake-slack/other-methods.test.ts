import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSlack, startFakeSlack } from '../../fake-slack/index.js';
import { tinyWorkspace } from './tiny-workspace.js';

let fake: FakeSlack;
const client = (token = 'xoxp-ann') =>
  new WebClient(token, { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
const errorOf = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (e: { data: { error: string } }) => e.data.error,
  );
const strip = <T extends { response_metadata?: unknown }>({ response_metadata: _, ...rest }: T) => rest;

beforeAll(async () => {
  fake = await startFakeSlack({ workspace: tinyWorkspace() });
});
afterAll(() => fake.close());

describe('auth.test', () => {
  it('identifies user and bot tokens', async () => {
    expect(strip(await client().auth.test())).toEqual({
      ok: true,
      url: 'https://tiny.slack.com/',
      team: 'Tiny Co',
      user: 'ann',
      team_id: 'T0TINY',
      user_id: 'U0ANN',
      is_enterprise_install: false,
    });
    expect(await client('xoxb-ci').auth.test()).toMatchObject({
      user: 'ci',
      user_id: 'U0BOT',
      bot_id: 'B0BOT',
    });
  });
});

describe('chat.getPermalink', () => {
  it('builds top-level and thread-reply permalinks', async () => {
    expect(
      strip(await client().chat.getPermalink({ channel: 'C0GEN', message_ts: '1772445600.000100' })),
    ).toEqual({
      ok: true,
      channel: 'C0GEN',
      permalink: 'https://tiny.slack.com/archives/C0GEN/p1772445600000100',
    });
    const reply = await client().chat.getPermalink({ channel: 'C0GEN', message_ts: '1772449200.000200' });
    expect(reply.permalink).toBe(
      'https://tiny.slack.com/archives/C0GEN/p1772449200000200?thread_ts=1772445600.000100&cid=C0GEN',
    );
    expect(await errorOf(client().chat.getPermalink({ channel: 'C0GEN', message_ts: '1.2' }))).toBe(
      'message_not_found',
    );
    expect(
      await errorOf(client().chat.getPermalink({ channel: 'D0BC', message_ts: '1772546400.000100' })),
    ).toBe('channel_not_found');
  });
});

describe('users.info', () => {
  it('returns the documented user shape', async () => {
    const { user } = await client().users.info({ user: 'U0CAT' });
    expect(user).toMatchObject({
      id: 'U0CAT',
      team_id: 'T0TINY',
      name: 'cat',
      real_name: 'Cat Núñez',
      deleted: false,
      is_bot: false,
      profile: {
        real_name: 'Cat Núñez',
        real_name_normalized: 'Cat Nunez',
        display_name: 'cat',
        team: 'T0TINY',
      },
    });
    expect(await errorOf(client().users.info({ user: 'U0NOPE' }))).toBe('user_not_found');
  });
});

describe('conversations.info', () => {
  it('describes channels and IMs, hiding what the user cannot see', async () => {
    const { channel } = await client().conversations.info({ channel: 'C0SEC', include_num_members: true });
    expect(channel).toMatchObject({
      id: 'C0SEC',
      name: 'secret',
      is_channel: false,
      is_group: true,
      is_private: true,
      is_member: true,
      num_members: 2,
    });
    expect((await client().conversations.info({ channel: 'D0AB' })).channel).toMatchObject({
      id: 'D0AB',
      is_im: true,
      user: 'U0BOB',
    });
    expect((await client().conversations.info({ channel: 'G0ABC' })).channel?.name).toBe(
      'mpdm-ann--bob--cat-1',
    );
    expect(await errorOf(client().conversations.info({ channel: 'D0BC' }))).toBe('channel_not_found');
    expect(await errorOf(client('xoxp-ann-narrow').conversations.info({ channel: 'C0GEN' }))).toBe(
      'missing_scope',
    );
  });
});
