import { WebClient } from '@slack/web-api';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USER_ID, DEMO_USER_TOKEN, type FakeSlack, startFakeSlack } from '../../fake-slack/index.js';
import { zebrafishWorkspace } from '../fixtures/zebrafish-workspace.js';

let fake: FakeSlack | undefined;
afterEach(() => fake?.close());

describe('fake Slack modes for real-Slack behaviour', () => {
  it("searchCursorLocation 'none': no next_cursor anywhere, cursor ignored, page + paging.pages walk 829 seeded matches", async () => {
    const workspace = zebrafishWorkspace();
    fake = await startFakeSlack({ workspace, searchCursorLocation: 'none' });
    const client = new WebClient(DEMO_USER_TOKEN, { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
    const first = await client.search.messages({ query: 'zebrafish', count: 100, cursor: '*' });
    expect(first.response_metadata?.next_cursor).toBeUndefined();
    expect(first.messages?.paging).toEqual({ count: 100, total: 829, page: 1, pages: 9 });
    expect(first.messages?.pagination).toEqual({
      total_count: 829,
      page: 1,
      per_page: 100,
      page_count: 9,
      first: 1,
      last: 100,
    });
    const seen = new Set<string>();
    for (let page = 1; page <= 9; page++) {
      const body = await client.search.messages({ query: 'zebrafish', count: 100, page, sort: 'timestamp' });
      for (const m of body.messages?.matches ?? []) seen.add(m.ts ?? '');
    }
    expect(seen.size).toBe(829);
  });

  it('serveBody answers a method with a canned body (fixed or from params) until reset', async () => {
    fake = await startFakeSlack();
    const client = new WebClient(DEMO_USER_TOKEN, { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
    fake.serveBody('search.messages', (params) => ({
      ok: true,
      query: params.query,
      messages: { matches: [] },
    }));
    fake.serveBody('conversations.replies', { ok: true, messages: [{ ts: '1.000001', text: 'canned' }] });
    expect(await client.search.messages({ query: 'zzqqnothing' })).toEqual({
      ok: true,
      query: 'zzqqnothing',
      messages: { matches: [] },
      response_metadata: { scopes: expect.any(Array), acceptedScopes: ['search:read'] },
    });
    const replies = await client.conversations.replies({ channel: 'C1', ts: '1.000001' });
    expect(replies.messages).toEqual([{ ts: '1.000001', text: 'canned' }]);
    expect((await client.auth.test()).user_id).toBe(DEMO_USER_ID);
    const wrong = new WebClient('xoxp-nobody', { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
    await expect(wrong.search.messages({ query: 'x' })).rejects.toMatchObject({
      data: { error: 'invalid_auth' },
    });
    fake.reset();
    expect((await client.search.messages({ query: 'zzqqnothing' })).messages?.total).toBe(0);
  });
});
