import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_ID, DEMO_USER_TOKEN } from '../../fake-slack/index.js';
import { buildHarness, errorBody, get, type Harness } from '../helper.js';

// Slack's Real-time Search API (assistant.search.context) behind GET /search/messages, against the demo
// workspace, whose plan has AI search. The fake's "by meaning" is a documented stand-in (stems and a
// synonym table, fake-slack/semantic-match.ts): what is tested here is our side of the protocol.

const HINT = 'Full Slack objects: response_format=detailed.';
const QUESTION = 'when do we stop shipping to production?';
const q = (words: string) => encodeURIComponent(words);
const freeze = (ts: string) => ({
  channel_id: 'C07ENGINRG',
  channel_name: 'engineering',
  user_id: 'U07AMARAOK',
  user_name: 'amara',
  username: 'amara',
  ts,
  text: 'Reminder: deploy freeze starts Friday 15:00 UTC, no prod deploys after that please',
  permalink: `https://acme-demo.slack.com/archives/C07ENGINRG/p${ts.replace('.', '')}`,
});
const FREEZES = ['1773907567.290812', '1773390069.772294', '1772530039.035888'];

let offset = 0;
const clock = () => Date.now() + offset;
let rts: Harness;
let legacy: Harness;
beforeAll(async () => {
  rts = await buildHarness({ clock, config: { SLACK_SEARCH_BACKEND: 'rts' } });
  legacy = await buildHarness({ slack: rts.slack, clock, config: { SLACK_SEARCH_BACKEND: 'legacy' } });
});
afterAll(async () => {
  await legacy.close();
  await rts.close();
});
// Each test starts with the per-user quota (10 a minute) whole.
afterEach(() => {
  rts.slack.reset();
  offset += 61_000;
});

const rtsCalls = () => rts.slack.calls.filter((c) => c.method === 'assistant.search.context');
const tsOf = (body: Record<string, unknown>) =>
  (body.messages as { matches: Array<{ ts: string }> }).matches.map((m) => m.ts);

describe('GET /search/messages on the Real-time Search API', () => {
  it('answers a question by meaning, and says so in the body and the summary', async () => {
    const res = await get(rts.app, `/search/messages?query=${q(QUESTION)}&count=3`);
    expect(res.status).toBe(200);
    expect(res.headers['x-cache']).toBe('MISS');
    expect(res.body).toEqual({
      ok: true,
      query: QUESTION,
      backend: 'rts',
      semantic: true,
      messages: { total: 3, matches: FREEZES.map(freeze) },
      summary: `Found 3 messages. Slack's real-time search, by meaning (AI search). Around a match: GET /messages/context?url=<permalink>. ${HINT}`,
    });
    // The page and "does this workspace have AI search?" are asked at once, with the people directory
    // (users.list, and users.info for whether the caller is a guest) for the authors' names.
    expect(rts.slack.calls.map((c) => c.method).sort()).toEqual([
      'assistant.search.context',
      'assistant.search.info',
      'auth.test',
      'users.info',
      'users.list',
    ]);
    // The author's name came from the directory: users.info was asked only whether the caller is a guest.
    expect(rts.slack.calls.filter((c) => c.method === 'users.info').map((c) => c.params.user)).toEqual([
      DEMO_USER_ID,
    ]);
    expect(rtsCalls()[0].params).toEqual({
      query: QUESTION,
      channel_types: 'public_channel,private_channel,im,mpim',
      content_types: 'messages',
      limit: '3',
      sort: 'score',
      sort_dir: 'desc',
      highlight: 'true',
      include_context_messages: 'false',
    });
  });

  it('searches the same words as keywords on both backends alike', async () => {
    const words = 'stop shipping production';
    const [a, b] = await Promise.all([
      get(rts.app, `/search/messages?query=${q(words)}`),
      get(legacy.app, `/search/messages?query=${q(words)}`),
    ]);
    expect(a.body).toEqual({
      ok: true,
      query: words,
      backend: 'rts',
      semantic: false,
      messages: { total: 0, matches: [] },
      summary: `Found 0 messages. Slack's real-time search, by keywords. ${HINT}`,
    });
    expect(b.body).toEqual({
      ok: true,
      query: words,
      backend: 'search.messages',
      semantic: false,
      messages: { total: 0, matches: [] },
      summary: `Found 0 messages. ${HINT}`,
    });
    const [c, d] = await Promise.all([
      get(rts.app, '/search/messages?query=deploy%20freeze&sort=timestamp&highlight=false'),
      get(legacy.app, '/search/messages?query=deploy%20freeze&sort=timestamp&highlight=false'),
    ]);
    // The same matches, username included: RTS sends no handle, and the directory names the same one.
    expect((c.body.messages as { matches: unknown[] }).matches).toEqual(
      (d.body.messages as { matches: unknown[] }).matches,
    );
    expect(tsOf(c.body)).toEqual(FREEZES);
  });

  it('pages count=50 as three calls of at most 20, then the next page from our cursor, with no total invented', async () => {
    const first = await get(rts.app, '/search/messages?query=to&count=50&highlight=false');
    expect(rtsCalls().map((c) => [c.params.limit, c.params.cursor])).toEqual([
      ['20', undefined],
      ['20', 'cnRzOjIw'],
      ['10', 'cnRzOjQw'],
    ]);
    expect(tsOf(first.body)).toHaveLength(50);
    expect((first.body.messages as { total: number }).total).toBe(50);
    expect(first.body.summary).toBe(
      `Found 50 messages. At least 50 match (Slack's real-time search reports no total). Use next_cursor for more results. Slack's real-time search, by keywords. ${HINT.replace('Full', 'Whole thread: GET /threads/{channel_id}/{thread_ts}. Around a match: GET /messages/context?url=<permalink>. Full')}`,
    );
    const cursor = (first.body.response_metadata as { next_cursor: string }).next_cursor;
    const second = await get(
      rts.app,
      `/search/messages?query=to&count=50&highlight=false&cursor=${q(cursor)}`,
    );
    expect(rtsCalls().at(-1)?.params).toMatchObject({ limit: '20', cursor: 'cnRzOjUw' });
    expect(second.body.response_metadata).toBeUndefined();
    expect((second.body.messages as { total: number }).total).toBe(63);
    expect((second.body.summary as string).startsWith('Found 63 messages, showing 13.')).toBe(true);
    const all = [...tsOf(first.body), ...tsOf(second.body)];
    expect(new Set(all).size).toBe(63);

    legacy.app.log.level = 'silent';
    rts.slack.reset();
    await get(legacy.app, '/search/messages?query=to&count=50&highlight=false');
    expect(rts.slack.calls.filter((c) => c.method === 'search.messages').map((c) => c.params.count)).toEqual([
      '50',
    ]);
  });

  it('adds the messages around each match with include_context, on both backends', async () => {
    const url =
      '/search/messages?query=deploy%20freeze&count=1&sort=timestamp&sort_dir=asc&highlight=false&include_context=true';
    const [a, b] = await Promise.all([get(rts.app, url), get(legacy.app, url)]);
    const [viaRts] = (a.body.messages as { matches: Array<Record<string, unknown>> }).matches;
    const [viaLegacy] = (b.body.messages as { matches: Array<Record<string, unknown>> }).matches;
    expect(rtsCalls()[0].params.include_context_messages).toBe('true');
    expect(viaRts).toEqual({
      ...freeze(FREEZES[2]),
      context: {
        before: [
          expect.objectContaining({ user_id: expect.any(String), ts: expect.any(String) }),
          expect.objectContaining({ user_id: expect.any(String), ts: expect.any(String) }),
        ],
        after: [
          expect.objectContaining({ user_id: expect.any(String), ts: expect.any(String) }),
          expect.objectContaining({ user_id: expect.any(String), ts: expect.any(String) }),
        ],
      },
    });
    // search.messages carries only the messages before a match (previous_2, previous): the same two.
    expect(viaLegacy).toEqual({
      ...freeze(FREEZES[2]),
      context: { before: (viaRts.context as { before: unknown[] }).before, after: [] },
    });
    const before = (viaRts.context as { before: Array<{ ts: string; user_name: unknown; text: unknown }> })
      .before;
    expect(
      before.every((m) => m.ts < FREEZES[2] && typeof m.user_name === 'string' && typeof m.text === 'string'),
    ).toBe(true);
  });

  it("returns Slack's RTS body plus backend, semantic and summary when detailed", async () => {
    const res = await get(rts.app, `/search/messages?query=${q(QUESTION)}&count=2&response_format=detailed`);
    const raw = await fetch(`${rts.slack.url}assistant.search.context`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_USER_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: QUESTION,
        channel_types: 'public_channel,private_channel,im,mpim',
        limit: 2,
      }),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
    const { response_metadata: _slackCursor, ...slackBody } = raw;
    expect(res.body).toEqual({
      ...slackBody,
      backend: 'rts',
      semantic: true,
      summary:
        "Found 2 messages. At least 2 match (Slack's real-time search reports no total). Use next_cursor for more results. Slack's real-time search, by meaning (AI search).",
      response_metadata: { next_cursor: expect.stringMatching(/^as1\./) },
    });
  });

  it('shares one Slack call between identical concurrent requests, and caches nothing', async () => {
    const url = '/search/messages?query=rollback';
    const [a, b] = await Promise.all([get(rts.app, url), get(rts.app, url)]);
    expect(a.body).toEqual(b.body);
    expect(rtsCalls()).toHaveLength(1);
    const again = await get(rts.app, url);
    expect([again.headers['x-cache'], rtsCalls().length]).toEqual(['MISS', 2]);
  });

  it('finds mentions of the token user with to_me=mention', async () => {
    const res = await get(rts.app, '/search/messages?to_me=mention&count=1');
    expect(res.status).toBe(200);
    expect(rtsCalls()[0].params.query).toBe(`<@${DEMO_USER_ID}>`);
  });

  it('pages to_me=true (mentions and DMs merged) through one cursor to the same messages as search.messages', async () => {
    const all = async (app: Harness['app']) => {
      const pages: string[][] = [];
      let cursor = '';
      do {
        const res = await get(app, `/search/messages?to_me=true&count=2&sort=timestamp${cursor}`);
        expect(res.status).toBe(200);
        pages.push(tsOf(res.body));
        const next = (res.body.response_metadata as { next_cursor?: string } | undefined)?.next_cursor;
        cursor = next ? `&cursor=${encodeURIComponent(next)}` : '';
        offset += 61_000; // two real-time searches a page: a fresh per-user quota for the next
      } while (cursor && pages.length < 20);
      return pages;
    };
    const viaRts = await all(rts.app);
    const viaLegacy = await all(legacy.app);
    expect(viaRts.flat().length).toBeGreaterThan(2);
    expect(viaRts.flat()).toEqual(viaLegacy.flat());
    expect(viaRts.slice(0, -1).every((page) => page.length === 2)).toBe(true);
    expect(
      rtsCalls()
        .slice(0, 2)
        .map((c) => [c.params.query, c.params.channel_types]),
    ).toEqual([
      [`<@${DEMO_USER_ID}>`, 'public_channel,private_channel,im,mpim'],
      [`to:<@${DEMO_USER_ID}>`, 'im,mpim'],
    ]);
  });

  it('refuses a to_me=true cursor of search.messages, naming the backend', async () => {
    const first = await get(legacy.app, '/search/messages?to_me=true&count=1');
    const cursor = encodeURIComponent((first.body.response_metadata as { next_cursor: string }).next_cursor);
    const res = await get(rts.app, `/search/messages?to_me=true&count=1&cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('querystring/cursor was not issued by a real-time to_me=true search');
  });

  it('stops a count=50 search at the pages the quota allows, with next_cursor and a note', async () => {
    for (let i = 1; i <= 9; i++) await get(rts.app, `/search/messages?query=deploy${i}`);
    const res = await get(rts.app, '/search/messages?query=to&count=50&highlight=false');
    expect(res.status).toBe(200);
    expect(tsOf(res.body)).toHaveLength(20);
    expect(res.body.response_metadata).toEqual({ next_cursor: expect.stringMatching(/^as1\./) });
    expect(res.body.summary).toMatch(
      /^Found 20 messages\. At least 20 match \(Slack's real-time search reports no total\)\. Use next_cursor for more results\. Slack allows 10 real-time searches a minute per user \(each page of 20 is one\): this page stops at 20; next_cursor works again in (59|60) s\. Slack's real-time search, by keywords\. /,
    );
    expect(rtsCalls()).toHaveLength(10);
  });

  it('lets a user make 10 real-time searches a minute; the 11th gets 429 with Retry-After before Slack is asked', async () => {
    const answers = [];
    for (let i = 1; i <= 11; i++) answers.push(await get(rts.app, `/search/messages?query=deploy${i}`));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(new Array(10).fill(200));
    const eleventh = answers[10];
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(55);
    expect(eleventh.body).toEqual(
      errorBody(
        429,
        'AS_ERR_SLACK_RATE_LIMITED',
        `Slack rate limit for assistant.search.context (10 a minute per user): retry after ${eleventh.headers['retry-after']} s`,
      ),
    );
    expect(rtsCalls()).toHaveLength(10);
  });
});

describe("Slack's Real-time Search errors", () => {
  const search = (query = 'deploy') => get(rts.app, `/search/messages?query=${query}`);

  it('names the field for query_too_long and invalid_cursor (400)', async () => {
    rts.slack.inject({ kind: 'error', method: 'assistant.search.context', error: 'query_too_long' });
    expect((await search()).body).toEqual(
      errorBody(400, 'AS_ERR_BAD_REQUEST', "querystring/query is too long for Slack's real-time search"),
    );
    rts.slack.inject({ kind: 'error', method: 'assistant.search.context', error: 'invalid_cursor' });
    expect((await get(rts.app, '/search/messages?query=deploy&cursor=bogus')).body).toEqual(
      errorBody(
        400,
        'AS_ERR_BAD_REQUEST',
        "querystring/cursor is not a cursor Slack's real-time search accepts",
      ),
    );
  });

  it('refuses a cursor from a search.messages search', async () => {
    const page = await get(legacy.app, '/search/messages?query=deploy&count=1');
    const cursor = (page.body.response_metadata as { next_cursor: string }).next_cursor;
    const res = await get(rts.app, `/search/messages?query=deploy&cursor=${q(cursor)}`);
    expect(res.body).toEqual(
      errorBody(400, 'AS_ERR_BAD_REQUEST', 'querystring/cursor was not issued by a real-time search'),
    );
  });

  it('answers missing_scope with 403 naming the scope', async () => {
    rts.slack.inject({
      kind: 'error',
      method: 'assistant.search.context',
      error: 'missing_scope',
      extra: { needed: 'search:read.im', provided: 'search:read.public' },
    });
    expect((await search()).body).toEqual(
      errorBody(403, 'AS_ERR_SLACK_MISSING_SCOPE', 'The Slack token lacks the scope search:read.im'),
    );
  });

  it('retries assistant_search_context_disabled once, then answers 503 with Retry-After', async () => {
    rts.slack.inject({
      kind: 'error',
      method: 'assistant.search.context',
      error: 'assistant_search_context_disabled',
    });
    expect((await search()).status).toBe(200);
    expect(rtsCalls()).toHaveLength(2);
    rts.slack.inject({
      kind: 'error',
      method: 'assistant.search.context',
      error: 'assistant_search_context_disabled',
      times: 2,
    });
    const res = await search('rollback');
    expect([res.status, res.headers['retry-after']]).toEqual([503, '30']);
    expect(res.body).toEqual(
      errorBody(
        503,
        'AS_ERR_SLACK_SEARCH_DISABLED',
        "Slack's real-time search is disabled for now (assistant_search_context_disabled): retry after 30 s",
      ),
    );
  });
});
