import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ALICE,
  ALICE_TOKEN,
  BOB,
  BOB_TOKEN,
  CAROL,
  DM_ALICE_BOB,
  GENERAL,
  TS,
  tinyWorkspace,
} from '../fixtures/tiny-workspace.js';
import { authHeaders, buildHarness, errorBody, get, type Harness } from '../helper.js';

const DETAILED = 'Full Slack objects: response_format=detailed.';
const HINT = `Around a match: GET /messages/context?url=<permalink>. ${DETAILED}`;
const link = (channel: string, ts: string, thread?: string) =>
  `https://tiny.slack.com/archives/${channel}/p${ts.replace('.', '')}${thread ? `?thread_ts=${thread}&cid=${channel}` : ''}`;

const mentionMatch = {
  channel_id: GENERAL,
  channel_name: 'general',
  user_id: BOB,
  username: 'bob',
  user_name: 'bob',
  ts: TS.mention,
  text: '*deploy* finished, thanks @alice',
  permalink: link(GENERAL, TS.mention),
};
const parentMatch = {
  channel_id: GENERAL,
  channel_name: 'general',
  user_id: 'U0CAROL001',
  username: 'carol',
  user_name: 'carol',
  ts: TS.parent,
  text: '*deploy* failed on staging',
  permalink: link(GENERAL, TS.parent),
};

let h: Harness;
beforeAll(async () => {
  h = await buildHarness({ fake: { workspace: tinyWorkspace() }, config: { SLACK_USER_TOKEN: ALICE_TOKEN } });
});
afterAll(() => h.close());
afterEach(() => h.slack.reset());

const searchCalls = () => h.slack.calls.filter((c) => c.method === 'search.messages');

describe('GET /search/messages — concise', () => {
  it('returns only the fields an agent needs, a summary and a cursor', async () => {
    const res = await get(h.app, '/search/messages?query=deploy&count=2&sort=timestamp&sort_dir=asc');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      query: 'deploy',
      backend: 'search.messages',
      semantic: false,
      messages: { total: 4, matches: [mentionMatch, parentMatch] },
      summary: `Found 4 messages, showing 2. Use next_cursor for more results. ${HINT}`,
      response_metadata: { next_cursor: expect.any(String) },
    });
    expect(searchCalls()[0].params).toMatchObject({
      query: 'deploy',
      count: '2',
      cursor: '*',
      highlight: 'true',
    });
  });

  it('pages with next_cursor to the end, without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let summary = '';
    do {
      const url = `/search/messages?query=deploy&count=1&sort=timestamp&sort_dir=asc${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await get(h.app, url);
      const matches = (res.body.messages as { matches: Array<{ ts: string }> }).matches;
      seen.push(...matches.map((m) => m.ts));
      cursor = (res.body.response_metadata as { next_cursor?: string } | undefined)?.next_cursor;
      summary = res.body.summary as string;
    } while (cursor);
    expect(seen).toEqual([TS.mention, TS.parent, TS.reply1, TS.dm]);
    expect(summary).toBe(`Found 4 messages, showing 1. ${HINT}`);
  });

  it('marks a thread reply with thread_ts and points the hint at the thread route', async () => {
    const res = await get(h.app, '/search/messages?query=logs');
    expect(res.body).toEqual({
      ok: true,
      query: 'logs',
      backend: 'search.messages',
      semantic: false,
      messages: {
        total: 1,
        matches: [
          {
            channel_id: GENERAL,
            channel_name: 'general',
            user_id: ALICE,
            username: 'alice',
            user_name: 'alice',
            ts: TS.reply1,
            text: 'looking at the deploy *logs*',
            permalink: link(GENERAL, TS.reply1, TS.parent),
            thread_ts: TS.parent,
          },
        ],
      },
      summary: `Found 1 message. Whole thread: GET /threads/{channel_id}/{thread_ts}. ${HINT}`,
    });
  });

  it('says so when nothing matches', async () => {
    const res = await get(h.app, '/search/messages?query=nothingmatchesthis');
    expect(res.body).toEqual({
      ok: true,
      query: 'nothingmatchesthis',
      backend: 'search.messages',
      semantic: false,
      messages: { total: 0, matches: [] },
      summary: `Found 0 messages. ${DETAILED}`,
    });
  });

  it('sends filters as Slack modifiers, lists repeated or comma-separated', async () => {
    await get(
      h.app,
      `/search/messages?query=deploy&channel_ids=${GENERAL},${DM_ALICE_BOB}&from_users=${BOB}&from_users=U0CAROL001&after=2025-12-31&before=2026-01-02&highlight=false`,
    );
    expect(searchCalls()[0].params.query).toBe(
      `deploy in:<#${GENERAL}> in:<#${DM_ALICE_BOB}> from:<@${BOB}> from:<@U0CAROL001> after:2025-12-31 before:2026-01-02`,
    );
    expect(searchCalls()[0].params.highlight).toBe('false');
  });

  // Search matches carry no thread_ts, so without Slack's permalink a reply links to the message itself.
  it('builds permalinks from auth.test when Slack omits them, without another call', async () => {
    const bare = await buildHarness({
      fake: { workspace: tinyWorkspace(), includePermalinks: false },
      config: { SLACK_USER_TOKEN: ALICE_TOKEN },
    });
    try {
      const res = await get(bare.app, '/search/messages?query=logs&highlight=false');
      const [match] = (res.body.messages as { matches: Array<{ permalink: string }> }).matches;
      expect(match.permalink).toBe(link(GENERAL, TS.reply1));
      // users.info once: the author is the caller, so the read of their name and the check of whether they
      // are a guest (their names are their own), asked together on a cold token, are one call.
      expect(bare.slack.calls.map((c) => c.method)).toEqual(['auth.test', 'search.messages', 'users.info']);
    } finally {
      await bare.close();
    }
  });
});

describe('GET /search/messages — detailed', () => {
  it("returns Slack's body unchanged plus a summary without hint", async () => {
    const res = await get(h.app, '/search/messages?query=rollback&response_format=detailed');
    const raw = await fetch(`${h.slack.url}search.messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ALICE_TOKEN}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        query: 'rollback',
        count: '20',
        cursor: '*',
        highlight: 'true',
        sort: 'score',
        sort_dir: 'desc',
      }),
    }).then((r) => r.json());
    const strip = (b: { messages: { matches: Array<Record<string, unknown>> } }) =>
      b.messages.matches.map(({ iid, previous, ...m }) => ({ ...m, blocks: undefined }));
    expect(res.status).toBe(200);
    expect(res.body.summary).toBe('Found 1 message.');
    const { summary, backend, semantic, ...rest } = res.body;
    expect({ backend, semantic }).toEqual({ backend: 'search.messages', semantic: false });
    expect(Object.keys(rest).sort()).toEqual(Object.keys(raw).sort());
    expect(strip(rest as never)).toEqual(strip(raw));
    expect((rest.messages as Record<string, unknown>).total).toBe(1);
  });
});

describe('GET /search/messages — to_me', () => {
  it('finds @-mentions in channels and DMs, with the user id from auth.test in both queries', async () => {
    const res = await get(h.app, '/search/messages?to_me=true&sort=timestamp&sort_dir=asc');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      query: `<@${ALICE}>`,
      backend: 'search.messages',
      semantic: false,
      queries: [`<@${ALICE}>`, `to:<@${ALICE}>`],
      messages: {
        total: 2,
        matches: [
          { ...mentionMatch, text: 'deploy finished, thanks *@alice*' },
          {
            channel_id: DM_ALICE_BOB,
            channel_name: null,
            conversation_label: 'DM with @bob',
            user_id: BOB,
            username: 'bob',
            user_name: 'bob',
            ts: TS.dm,
            text: 'can you review my deploy PR?',
            permalink: link(DM_ALICE_BOB, TS.dm),
          },
        ],
      },
      summary: `Found 2 messages. Total is the sum of two searches (see queries): 1 @-mentions and 1 direct messages; a DM that mentions you is in both and shown once. ${HINT}`,
    });
    expect(
      searchCalls()
        .map((c) => c.params.query)
        .sort(),
    ).toEqual([`<@${ALICE}>`, `to:<@${ALICE}>`]);
  });

  it('combines with other filters, and one side alone with mention or dm', async () => {
    await get(h.app, `/search/messages?to_me=true&query=deploy&channel_ids=${GENERAL}`);
    expect(
      searchCalls()
        .map((c) => c.params.query)
        .sort(),
    ).toEqual([`deploy <@${ALICE}> in:<#${GENERAL}>`, `deploy to:<@${ALICE}> in:<#${GENERAL}>`]);
    h.slack.reset();
    const dm = await get(h.app, '/search/messages?to_me=dm');
    expect(searchCalls().map((c) => c.params.query)).toEqual([`to:<@${ALICE}>`]);
    expect((dm.body.messages as { total: number }).total).toBe(1);
    const mention = await get(h.app, '/search/messages?to_me=mention&query=deploy');
    expect(mention.body.query).toBe(`deploy <@${ALICE}>`);
  });

  it('pages both searches through one cursor until both are exhausted', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await get(
        h.app,
        `/search/messages?to_me=true&count=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect((res.body.messages as { total: number }).total).toBe(2);
      seen.push(...(res.body.messages as { matches: Array<{ ts: string }> }).matches.map((m) => m.ts));
      cursor = (res.body.response_metadata as { next_cursor?: string } | undefined)?.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen.sort()).toEqual([TS.mention, TS.dm]);
  });

  it('rejects a cursor that is not a to_me cursor', async () => {
    const res = await get(h.app, '/search/messages?to_me=true&cursor=bm90LW91cnM=');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      errorBody(400, 'AS_ERR_BAD_REQUEST', 'querystring/cursor was not issued by a to_me=true search'),
    );
    const first = await get(h.app, '/search/messages?to_me=true&count=1');
    const toMeCursor = (first.body.response_metadata as { next_cursor: string }).next_cursor;
    const plain = await get(h.app, `/search/messages?query=deploy&cursor=${encodeURIComponent(toMeCursor)}`);
    expect(plain.body).toEqual(
      errorBody(
        400,
        'AS_ERR_BAD_REQUEST',
        'querystring/cursor was issued by a to_me=true search: send it with to_me=true',
      ),
    );
  });

  it('fails cleanly when auth.test fails', async () => {
    const other = await buildHarness({
      fake: { workspace: tinyWorkspace() },
      config: { SLACK_USER_TOKEN: ALICE_TOKEN },
    });
    try {
      other.slack.inject({ method: 'auth.test', kind: 'error', error: 'invalid_auth' });
      const res = await get(other.app, '/search/messages?to_me=true');
      expect(res.status).toBe(502);
      expect(res.body).toEqual(
        errorBody(
          502,
          'AS_ERR_SLACK_SERVICE_AUTH',
          "Slack rejected the service's own Slack token: invalid_auth",
        ),
      );
      expect(other.slack.count('search.messages')).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('GET /search/messages — shaping', () => {
  it('gives attachment-only bot messages their words and names shared files', async () => {
    const ts = '1767398400.000800';
    const alert = {
      channel: GENERAL,
      ts,
      user: CAROL,
      text: '',
      attachments: [
        {
          id: 1,
          color: 'ff0000',
          fallback: 'Disk alert',
          title: 'Disk 91% full on db-2',
          text: 'Runbook: resize the volume',
          fields: [{ title: 'Host', value: 'db-2', short: true }],
        },
        { id: 2, from_url: 'https://status.example', title: 'Status page', fallback: 'Status page' },
      ],
      files: [{ id: 'F0DISK0001', name: 'disk-usage.png', title: 'Disk usage', mimetype: 'image/png' }],
    };
    h.slack.workspace.messages.push(alert);
    try {
      const res = await get(h.app, '/search/messages?query=volume');
      expect(res.body).toEqual({
        ok: true,
        query: 'volume',
        backend: 'search.messages',
        semantic: false,
        messages: {
          total: 1,
          matches: [
            {
              channel_id: GENERAL,
              channel_name: 'general',
              user_id: CAROL,
              username: 'carol',
              user_name: 'carol',
              ts,
              text: 'Disk 91% full on db-2: Runbook: resize the volume — Host: db-2\n[file: disk-usage.png]',
              permalink: link(GENERAL, ts),
            },
          ],
        },
        summary: `Found 1 message. ${HINT}`,
      });
    } finally {
      h.slack.workspace.messages.pop();
    }
  });

  it('cuts long texts at max_text_chars code points', async () => {
    const res = await get(h.app, '/search/messages?query=staging&max_text_chars=6&highlight=false');
    const [m] = (res.body.messages as { matches: Array<{ text: string }> }).matches;
    expect(m.text).toBe('deploy...content truncated due to length');
  });

  it('cuts texts evenly to stay under MAX_RESPONSE_BYTES, drops matches only when empty texts do not fit', async () => {
    const long = '1767312060.000800';
    const all = [TS.mention, TS.parent, TS.reply1, TS.dm, long];
    const NOTE = '...content truncated due to length';
    const thread = `Whole thread: GET /threads/{channel_id}/{thread_ts}. ${HINT}`;
    for (const [max, cuts, drops] of [
      [2500, 1, 0],
      [1210, 3, 2],
    ] as const) {
      const workspace = tinyWorkspace();
      workspace.messages.push({
        channel: GENERAL,
        ts: long,
        user: CAROL,
        text: `deploy ${'z'.repeat(3000)}`,
      });
      const small = await buildHarness({
        fake: { workspace },
        config: { SLACK_USER_TOKEN: ALICE_TOKEN, MAX_RESPONSE_BYTES: max },
      });
      try {
        const res = await small.app.inject({
          url: '/search/messages?query=deploy&sort=timestamp&sort_dir=asc&highlight=false&max_text_chars=0',
          headers: authHeaders(),
        });
        expect(res.statusCode).toBe(200);
        expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(max);
        const body = res.json();
        const matches: Array<{ ts: string; text: string }> = body.messages.matches;
        expect(matches.map((m) => m.ts)).toEqual(all.slice(0, 5 - drops));
        const cut = matches.filter((m) => m.text.endsWith(NOTE) || m.text === '').length;
        expect(cut).toBe(cuts);
        const hint = matches.some((m) => m.ts === TS.reply1) ? thread : HINT;
        const what = drops
          ? `${cuts} message texts were cut and ${drops} matches were left out`
          : `${cuts} message text was cut`;
        const showing = drops ? `, showing ${matches.length}` : '';
        expect(body.summary).toBe(
          `Found 5 messages${showing}. ${what} to keep the response under ${max} bytes; ask for a smaller count or set max_text_chars. ${hint}`,
        );
        const detailed = await small.app.inject({
          url: '/search/messages?query=deploy&response_format=detailed',
          headers: authHeaders(),
        });
        expect(Buffer.byteLength(detailed.body)).toBeLessThanOrEqual(max);
        expect(detailed.json().summary).toMatch(
          /^Found 5 messages, showing \d\. .*\d match(es were|was) left out/,
        );
      } finally {
        await small.close();
      }
    }
  });

  it('applies min_score and dedupe_threads and notes what was left out', async () => {
    const all = await get(h.app, '/search/messages?query=deploy&response_format=detailed');
    const scores = (all.body.messages as { matches: Array<{ score: number }> }).matches.map((m) => m.score);
    const best = Math.max(...scores);
    const keep = scores.filter((s) => s / best >= 0.99).length;
    const res = await get(h.app, '/search/messages?query=deploy&min_score=0.99');
    expect((res.body.messages as { matches: unknown[] }).matches).toHaveLength(keep);
    const deduped = await get(h.app, '/search/messages?query=deploy+staging+logs&dedupe_threads=true');
    expect(deduped.body).toMatchObject({ messages: { total: expect.any(Number) } });
    const thread = await get(
      h.app,
      '/search/messages?query=deploy&dedupe_threads=true&sort=timestamp&sort_dir=asc',
    );
    expect((thread.body.messages as { matches: Array<{ ts: string }> }).matches.map((m) => m.ts)).toEqual([
      TS.mention,
      TS.parent,
      TS.dm,
    ]);
    expect(thread.body.summary).toBe(
      `Found 4 messages, showing 3. 1 weaker or same-thread matches were left out of this page. ${HINT}`,
    );
  });
});

describe('GET /search/messages — cache', () => {
  it('serves a repeat from cache and never shares results between Slack identities', async () => {
    const first = await get(
      h.app,
      '/search/messages?query=secret',
      authHeaders({ 'x-slack-token': BOB_TOKEN }),
    );
    const again = await get(
      h.app,
      '/search/messages?query=secret',
      authHeaders({ 'x-slack-token': BOB_TOKEN }),
    );
    const alice = await get(
      h.app,
      '/search/messages?query=secret',
      authHeaders({ 'x-slack-token': ALICE_TOKEN }),
    );
    expect([first.headers['x-cache'], again.headers['x-cache'], alice.headers['x-cache']]).toEqual([
      'MISS',
      'HIT',
      'MISS',
    ]);
    expect((first.body.messages as { total: number }).total).toBe(1);
    expect((alice.body.messages as { total: number }).total).toBe(0);
    expect(h.slack.count('search.messages')).toBe(2);
  });
});
