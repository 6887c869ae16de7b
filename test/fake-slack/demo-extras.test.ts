import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDemoWorkspace,
  DEMO_CHANNELS,
  DEMO_LONG_THREAD,
  DEMO_USER_TOKEN,
  type FakeSlack,
  startFakeSlack,
} from '../../fake-slack/index.js';

// What Slack adds to stored messages, which the concise formats must read: app previews, CI cards,
// shared files, bot profiles.

let fake: FakeSlack;
let client: WebClient;
beforeAll(async () => {
  fake = await startFakeSlack();
  client = new WebClient(DEMO_USER_TOKEN, { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
});
afterAll(() => fake.close());

describe('demo workspace extras', () => {
  const workspace = createDemoWorkspace();

  it('previews every GitHub pull request link with the GitHub app, title taken from the text', () => {
    const withPr = workspace.messages.filter((m) => m.text.includes('https://github.com/'));
    expect(withPr.length).toBeGreaterThanOrEqual(5);
    for (const m of withPr) {
      expect(m.attachments?.some((a) => a.is_app_unfurl === true && a.app_id === 'A01BP7R4KNY')).toBe(true);
    }
    const fix = workspace.messages.find((m) => m.text.includes('checkout#1287> — derive pool size'));
    expect(fix?.attachments?.[0]).toMatchObject({
      fallback: '[acme-demo/checkout] Pull request #1287: Derive pool size from pod count',
      title: '#1287 Derive pool size from pod count',
      title_link: 'https://github.com/acme-demo/checkout/pull/1287',
      author_name: 'tomasz',
    });
  });

  it('gives every deploybot message a CI card, and shares three files', () => {
    const bot = workspace.messages.filter((m) => m.user === 'U07DEPLOYB');
    expect(bot.length).toBeGreaterThan(5);
    for (const m of bot)
      expect(m.attachments?.[0]).toMatchObject({ fallback: expect.any(String), footer: expect.any(String) });
    const files = workspace.messages.flatMap((m) => m.files ?? []).map((f) => f.name);
    expect(files.sort()).toEqual([
      'checkout-launch-assets-v3.zip',
      'k6-staging-12-pods.png',
      'orders-db-connections.png',
    ]);
  });

  it('search matches carry attachments and files, and so do their previous/previous_2 context', async () => {
    const res = await client.search.messages({ query: 'orders-db max_connections', count: 5 });
    const match = res.messages?.matches?.find((m) => m.files?.length);
    expect(match?.files?.[0] as Record<string, unknown>).toMatchObject({
      id: 'F07GRAFANA1',
      name: 'orders-db-connections.png',
      mimetype: 'image/png',
      original_w: 2560,
      thumb_1024_w: 1024,
    });
    const deploys = await client.search.messages({
      query: `in:<#${DEMO_CHANNELS.incidents}> pinned`,
      count: 5,
    });
    const previous = deploys.messages?.matches?.[0]?.previous_2;
    expect(previous?.username).toBe('deploybot');
    expect(previous?.attachments?.[0]).toMatchObject({ footer: 'Acme CI' });
  });

  it('indexes attachments posted with a message for search, but not link previews', async () => {
    const posted = await client.search.messages({ query: '"health check timeout after 120s"' });
    expect(posted.messages?.matches?.map((m) => m.ts)).toEqual(['1772721625.344142']);
    const preview = await client.search.messages({ query: '"safe to revert"' });
    expect(preview.messages?.total).toBe(0);
  });

  it('conversations.replies gives bot messages their bot_profile', async () => {
    const res = await client.conversations.replies({
      channel: DEMO_LONG_THREAD.channel,
      ts: DEMO_LONG_THREAD.ts,
      limit: 5,
    });
    const bot = res.messages?.find((m) => m.bot_id);
    expect(bot).toMatchObject({
      bot_id: 'B07DEPLOYB',
      app_id: 'A07DEPLOYB',
      bot_profile: {
        id: 'B07DEPLOYB',
        name: 'deploybot',
        app_id: 'A07DEPLOYB',
        deleted: false,
        team_id: 'T07ACMEDMO',
      },
    });
  });
});
