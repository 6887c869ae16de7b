import { WebClient } from '@slack/web-api';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_OTHER_TOKEN,
  DEMO_USER_ID,
  DEMO_USER_TOKEN,
  type FakeSlack,
  type FakeSlackOptions,
  startFakeSlack,
} from '../../fake-slack/index.js';

type Result = Awaited<ReturnType<WebClient['search']['messages']>>;
let fake: FakeSlack | undefined;
afterEach(() => fake?.close());

async function demo(options: FakeSlackOptions = {}, token = DEMO_USER_TOKEN) {
  fake = await startFakeSlack(options);
  return new WebClient(token, { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
}
const keys = (result: Result) => (result.messages?.matches ?? []).map((m) => `${m.channel?.id}/${m.ts}`);
const QUERY = 'after:2026-03-01';
/** The SDK's response types lack `next_cursor` in `pagination`/`paging`. */
const cursorIn = (part: unknown) => (part as { next_cursor?: string } | undefined)?.next_cursor;

describe('search.messages paging on the demo workspace', () => {
  it('cursor mode walks every result exactly once, in the same order as page mode', async () => {
    const client = await demo();
    const first = await client.search.messages({ query: QUERY, count: 20, cursor: '*' });
    const total = first.messages?.total ?? 0;
    expect(total).toBeGreaterThan(150);
    const seen = keys(first);
    let cursor = cursorIn(first.messages?.pagination);
    while (cursor) {
      const page = await client.search.messages({ query: QUERY, count: 20, cursor });
      expect(page.messages?.pagination?.first).toBe(seen.length + 1);
      seen.push(...keys(page));
      cursor = cursorIn(page.messages?.pagination);
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 20); page++) {
      paged.push(...keys(await client.search.messages({ query: QUERY, count: 20, page })));
    }
    expect(paged).toEqual(seen);
  });

  it('page mode reports first/last/page_count like Slack', async () => {
    const client = await demo();
    const last = await client.search.messages({ query: QUERY, count: 100, page: 2 });
    const total = last.messages?.total ?? 0;
    expect(last.messages?.pagination).toEqual({
      total_count: total,
      page: 2,
      per_page: 100,
      page_count: Math.ceil(total / 100),
      first: 101,
      last: Math.min(200, total),
    });
    expect(last.messages?.paging).toEqual({ count: 100, total, page: 2, pages: Math.ceil(total / 100) });
    const empty = await client.search.messages({ query: 'zzzznothing' });
    expect(empty.messages).toMatchObject({
      total: 0,
      matches: [],
      pagination: { first: 1, last: 0, page_count: 0 },
    });
  });

  it.each([
    ['pagination', ['pagination']],
    ['paging', ['paging']],
    ['response_metadata', ['response_metadata']],
    ['all', ['pagination', 'paging', 'response_metadata']],
  ] as const)('searchCursorLocation %s puts next_cursor there only', async (location, where) => {
    const client = await demo({ searchCursorLocation: location });
    const result = await client.search.messages({ query: QUERY, cursor: '*' });
    const found = {
      pagination: cursorIn(result.messages?.pagination),
      paging: cursorIn(result.messages?.paging),
      response_metadata: result.response_metadata?.next_cursor,
    };
    for (const [place, value] of Object.entries(found)) {
      expect(value !== undefined, place).toBe((where as readonly string[]).includes(place));
    }
  });

  it('with response_metadata cursors, client.paginate follows search.messages to the end', async () => {
    const client = await demo({ searchCursorLocation: 'response_metadata' });
    const seen: string[] = [];
    for await (const page of client.paginate('search.messages', { query: QUERY, count: 50, cursor: '*' })) {
      seen.push(...keys(page as Result));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await client.search.messages({ query: QUERY })).messages?.total);
  });

  it('keeps private channels private per user, and to: matches only DMs', async () => {
    const maya = await demo();
    expect((await maya.search.messages({ query: 'headcount' })).messages?.total).toBe(1);
    expect((await maya.search.messages({ query: 'embargoed' })).messages?.total).toBe(0);
    await fake?.close();
    const leo = await demo({}, DEMO_OTHER_TOKEN);
    expect((await leo.search.messages({ query: 'headcount' })).messages?.total).toBe(0);
    expect((await leo.search.messages({ query: 'embargoed' })).messages?.total).toBe(1);
    await fake?.close();
    const client = await demo();
    const toMe = await client.search.messages({ query: `to:<@${DEMO_USER_ID}>`, count: 100 });
    expect(toMe.messages?.total).toBeGreaterThan(5);
    for (const match of toMe.messages?.matches ?? []) {
      expect(match.channel?.is_im || match.channel?.is_mpim).toBe(true);
      expect(match.user).not.toBe(DEMO_USER_ID);
    }
  });

  it('matches look like real ones: 1.5–5 KB each, optional permalinks', async () => {
    const client = await demo({ includePermalinks: false });
    const result = await client.search.messages({ query: 'deploy', count: 10 });
    for (const match of result.messages?.matches ?? []) {
      const size = JSON.stringify(match).length;
      expect(size).toBeGreaterThan(1000);
      expect(size).toBeLessThan(5000);
      expect(match).not.toHaveProperty('permalink');
    }
  });
});
