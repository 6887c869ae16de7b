import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_CHANNELS,
  DEMO_NOSCOPE_TOKEN,
  DEMO_USER_TOKEN,
  type FakeSlack,
  startFakeSlack,
} from '../../fake-slack/index.js';

// The fake's Real-time Search (assistant.search.context / .info), through the real WebClient's apiCall
// (the SDK has no method for it), as agent-search calls it.

let fake: FakeSlack;
let client: WebClient;
beforeAll(async () => {
  fake = await startFakeSlack();
  client = new WebClient(DEMO_USER_TOKEN, { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
});
afterAll(() => fake.close());

type Rts = {
  results: { messages: Array<Record<string, unknown>> };
  response_metadata: { next_cursor: string };
};
const rts = (args: Record<string, unknown>, c = client) =>
  c.apiCall('assistant.search.context', args) as Promise<unknown> as Promise<Rts>;
const slackError = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { data?: { error?: string } }) => e.data?.error,
  );

describe('assistant.search.context (fake)', () => {
  it('searches public channels only unless channel_types names more, each needing its scope', async () => {
    const dm = `in:<#${DEMO_CHANNELS.dmDemoOther}>`;
    expect((await rts({ query: `roadmap ${dm}` })).results.messages).toEqual([]);
    const inDm = await rts({ query: `roadmap ${dm}`, channel_types: 'im' });
    expect(inDm.results.messages.map((m) => m.channel_id)).toEqual([DEMO_CHANNELS.dmDemoOther]);
    const noScope = new WebClient(DEMO_NOSCOPE_TOKEN, { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
    expect(await slackError(rts({ query: 'deploy' }, noScope))).toBe('missing_scope');
    expect(await slackError(rts({ query: '' }))).toBe('missing_query');
    expect(await slackError(rts({ query: 'x'.repeat(1001) }))).toBe('query_too_long');
    expect(await slackError(rts({ query: 'deploy', limit: 21 }))).toBe('invalid_arguments');
    expect(await slackError(rts({ query: 'deploy', cursor: 'bogus' }))).toBe('invalid_cursor');
  });

  it('pages with next_cursor ("" on the last page) and reports no total', async () => {
    const first = await rts({ query: 'deploy', limit: 10 });
    expect(Object.keys(first).sort()).toEqual(['ok', 'response_metadata', 'results']);
    const second = await rts({ query: 'deploy', limit: 10, cursor: first.response_metadata.next_cursor });
    expect(second.response_metadata.next_cursor).toBe('');
    const ts = [...first.results.messages, ...second.results.messages].map((m) => m.message_ts);
    expect(new Set(ts).size).toBe(16);
  });

  it('answers a question by meaning when the workspace has AI search, and by keywords otherwise', async () => {
    expect(await client.apiCall('assistant.search.info')).toMatchObject({
      ok: true,
      is_ai_search_enabled: true,
    });
    const question = 'when do we stop shipping to production?';
    const meaning = await rts({ query: question, limit: 1, include_context_messages: true });
    expect(meaning.results.messages).toEqual([
      {
        author_name: 'Amara Okafor',
        author_user_id: 'U07AMARAOK',
        team_id: 'T07ACMEDMO',
        channel_id: 'C07ENGINRG',
        channel_name: 'engineering',
        message_ts: '1773907567.290812',
        content: 'Reminder: deploy freeze starts Friday 15:00 UTC, no prod deploys after that please',
        is_author_bot: false,
        permalink: 'https://acme-demo.slack.com/archives/C07ENGINRG/p1773907567290812',
        context_messages: {
          before: [expect.objectContaining({ user_id: expect.any(String) }), expect.anything()],
          after: [expect.objectContaining({ user_id: expect.any(String) }), expect.anything()],
        },
      },
    ]);
    const keywords = await rts({ query: question, disable_semantic_search: true });
    expect(keywords.results.messages).toEqual([]);
  });
});
