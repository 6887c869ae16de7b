import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSlack, startFakeSlack } from '../../fake-slack/index.js';
import { searcher } from './search-helpers.js';
import { ALL_USER_SCOPES, tinyWorkspace } from './tiny-workspace.js';

let fake: FakeSlack;
const { search } = searcher(() => fake);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeAll(async () => {
  fake = await startFakeSlack({ workspace: tinyWorkspace() });
});
afterAll(() => fake.close());

describe('search.messages', () => {
  it('returns the documented envelope and a full match for a thread reply', async () => {
    expect(await search('stale config')).toEqual({
      ok: true,
      query: 'stale config',
      messages: {
        total: 1,
        pagination: { total_count: 1, page: 1, per_page: 20, page_count: 1, first: 1, last: 1 },
        paging: { count: 20, total: 1, page: 1, pages: 1 },
        matches: [
          {
            iid: expect.stringMatching(UUID),
            team: 'T0TINY',
            score: expect.any(Number),
            channel: {
              id: 'C0GEN',
              is_channel: true,
              is_group: false,
              is_im: false,
              is_mpim: false,
              is_private: false,
              is_shared: false,
              is_org_shared: false,
              is_ext_shared: false,
              is_pending_ext_shared: false,
              pending_shared: [],
              name: 'general',
              name_normalized: 'general',
            },
            type: 'message',
            user: 'U0BOB',
            username: 'bob',
            ts: '1772449200.000200',
            blocks: [
              {
                type: 'rich_text',
                block_id: expect.stringMatching(/^[A-Za-z0-9]{5}$/),
                elements: [
                  {
                    type: 'rich_text_section',
                    elements: [{ type: 'text', text: 'root cause of the deploy failure: stale config' }],
                  },
                ],
              },
            ],
            text: 'root cause of the deploy failure: stale config',
            permalink:
              'https://tiny.slack.com/archives/C0GEN/p1772449200000200?thread_ts=1772445600.000100&cid=C0GEN',
            no_reactions: true,
            previous: {
              type: 'message',
              user: 'U0ANN',
              username: 'ann',
              ts: '1772445600.000100',
              text: 'deploy failed on prod-eu, rolling back',
              iid: expect.stringMatching(UUID),
              permalink: 'https://tiny.slack.com/archives/C0GEN/p1772445600000100',
              blocks: [expect.objectContaining({ type: 'rich_text' })],
            },
          },
        ],
      },
      response_metadata: { scopes: ALL_USER_SCOPES, acceptedScopes: ['search:read'] },
    });
  });

  it('sorts by score by default, by timestamp on request; highlights on request', async () => {
    const byScore = await search('deploy');
    const scores = (byScore.messages?.matches ?? []).map((m) => m.score ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const byTime = await search('deploy', 'xoxp-ann', { sort: 'timestamp' });
    expect(byTime.messages?.matches?.[0]?.ts).toBe('1772625600.000100');
    const highlighted = await search('deploy in:#general', 'xoxp-ann', {
      highlight: true,
      sort: 'timestamp',
    });
    expect(highlighted.messages?.matches?.[1]?.text).toBe(
      '\uE000deploy\uE001 failed on prod-eu, rolling back',
    );
  });

  it('names IMs after the other party and omits thread_ts from every match', async () => {
    const result = await search('review');
    expect(result.messages?.matches?.[0]?.channel).toMatchObject({
      id: 'D0AB',
      is_im: true,
      name: 'U0BOB',
      user: 'U0BOB',
    });
    const all = await search('deploy');
    for (const match of all.messages?.matches ?? []) expect(match).not.toHaveProperty('thread_ts');
  });

  it('fails loudly on a missing query, count > 100, page > 100 and bad cursors', async () => {
    const data = (call: Promise<unknown>) =>
      call.then(
        () => undefined,
        (e: { data?: unknown }) => e.data,
      );
    expect(await data(search('  '))).toEqual({
      ok: false,
      error: 'no_query',
      response_metadata: expect.any(Object),
    });
    expect(await data(search('deploy', 'xoxp-ann', { count: 101 }))).toMatchObject({
      error: 'invalid_arguments',
      response_metadata: { messages: ['[ERROR] must be no larger than 100 [json-pointer:/count]'] },
    });
    expect(await data(search('deploy', 'xoxp-ann', { page: 101 }))).toMatchObject({
      error: 'invalid_arguments',
    });
    expect(await data(search('deploy', 'xoxp-ann', { cursor: 'bm9wZQ==' }))).toMatchObject({
      error: 'invalid_cursor',
    });
  });
});
