import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALICE_TOKEN, BOB, CAROL, GENERAL, TS, tinyWorkspace } from '../fixtures/tiny-workspace.js';
import { authHeaders, buildHarness, errorBody, get, type Harness } from '../helper.js';

const NOTE = '...content truncated due to length';
const CONTEXT_HINT = 'Around a match: GET /messages/context?url=<permalink>.';
const HINT = `${CONTEXT_HINT} Full Slack objects: response_format=detailed.`;
const THREAD_HINT = 'Whole thread: GET /threads/{channel_id}/{thread_ts}.';
const link = (ts: string) => `https://tiny.slack.com/archives/${GENERAL}/p${ts.replace('.', '')}`;
/** A pasted post-mortem: 3,000 characters after "deploy ". */
const LONG_TS = '1767312060.000800';
const LONG_TEXT = `deploy ${'z'.repeat(3000)}`;

let h: Harness;
beforeAll(async () => {
  const workspace = tinyWorkspace();
  workspace.messages.push({ channel: GENERAL, ts: LONG_TS, user: CAROL, text: LONG_TEXT });
  h = await buildHarness({ fake: { workspace }, config: { SLACK_USER_TOKEN: ALICE_TOKEN } });
});
afterAll(() => h.close());
afterEach(() => h.slack.reset());

const inject = async (url: string) => {
  const res = await h.app.inject({ url, headers: authHeaders() });
  return {
    status: res.statusCode,
    type: res.headers['content-type'],
    cache: res.headers['x-cache'],
    body: res.body,
  };
};

describe('response_format=compact', () => {
  it('answers a search as text/plain: summary first, each id once, one link form, one block per match, days when they change', async () => {
    const url = '/search/messages?query=deploy&sort=timestamp&sort_dir=asc&count=3&response_format=compact';
    const res = await inject(url);
    expect({ ...res, body: res.body.split('\n') }).toEqual({
      status: 200,
      type: 'text/plain; charset=utf-8',
      cache: 'MISS',
      body: [
        `Found 5 messages, showing 3. Use next_cursor for more results. ${THREAD_HINT} ${CONTEXT_HINT}`,
        expect.stringMatching(/^next_cursor: \S+$/),
        'in: #general=C0GENERAL1',
        `links: https://tiny.slack.com/archives/${GENERAL}/p<ts without the dot>, a reply +?thread_ts=<thread_ts>&cid=${GENERAL}`,
        '',
        `@bob=U0BOB00001 2026-01-01 00:00Z ts=${TS.mention}`,
        '*deploy* finished, thanks @alice',
        '',
        `@carol=U0CAROL001 00:01Z ts=${TS.parent}`,
        '*deploy* failed on staging',
        '',
        `@alice=U0ALICE001 00:02Z ts=${TS.reply1} thread_ts=${TS.parent}`,
        'looking at the *deploy* logs',
        '',
      ],
    });
    // The same answer as concise, from the same cache entry: its cursor pages the compact reads too.
    const concise = await get(h.app, url.replace('compact', 'concise'));
    expect(concise.headers['x-cache']).toBe('HIT');
    const cursor = (concise.body.response_metadata as { next_cursor: string }).next_cursor;
    expect(res.body.split('\n')[1]).toBe(`next_cursor: ${cursor}`);
  });

  it('gives one hit its ids and link where it stands, a DM its other member wrote as DM', async () => {
    const res = await inject('/search/messages?query=review&response_format=compact');
    expect(res.body).toBe(
      [
        `Found 1 message. ${CONTEXT_HINT}`,
        '',
        `DM=D0ALICEBOB @bob=U0BOB00001 2026-01-01 00:05Z ts=${TS.dm} https://tiny.slack.com/archives/D0ALICEBOB/p${TS.dm.replace('.', '')}`,
        'can you *review* my deploy PR?',
        '',
      ].join('\n'),
    );
  });

  it('answers a thread with its link form once, replies under the root, days only when they change', async () => {
    const res = await inject(`/threads/${GENERAL}/${TS.reply2}?response_format=compact`);
    expect(res).toEqual({
      status: 200,
      type: 'text/plain; charset=utf-8',
      cache: 'MISS',
      body: [
        'Found 3 messages in thread.',
        `links: https://tiny.slack.com/archives/${GENERAL}/p<ts without the dot>, a reply +?thread_ts=<thread_ts>&cid=${GENERAL}`,
        '',
        `@carol=U0CAROL001 2026-01-01 00:01Z ts=${TS.parent} replies=2`,
        'deploy failed on staging',
        '',
        `@alice=U0ALICE001 00:02Z ts=${TS.reply1}`,
        'looking at the deploy logs',
        '',
        `@bob=U0BOB00001 00:03Z ts=${TS.reply2}`,
        'rollback done',
        '',
      ].join('\n'),
    });
  });

  it('answers errors as JSON in our shape', async () => {
    const res = await get(h.app, '/threads/C0NOPE0001/1767225660.000200?response_format=compact');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody(404, 'AS_ERR_SLACK_NOT_FOUND', expect.any(String)));
  });
});

describe('the default text cap', () => {
  it('cuts a search text at 1000 characters and says how to read it whole', async () => {
    const res = await get(
      h.app,
      '/search/messages?query=deploy&sort=timestamp&sort_dir=desc&count=1&highlight=false',
    );
    expect(res.body).toEqual({
      ok: true,
      query: 'deploy',
      backend: 'search.messages',
      semantic: false,
      messages: {
        total: 5,
        matches: [
          {
            channel_id: GENERAL,
            channel_name: 'general',
            user_id: CAROL,
            username: 'carol',
            user_name: 'carol',
            ts: LONG_TS,
            text: `${LONG_TEXT.slice(0, 1000)}${NOTE}`,
            permalink: link(LONG_TS),
          },
        ],
      },
      summary: `Found 5 messages, showing 1. Use next_cursor for more results. 1 message text was cut at 1000 characters; max_text_chars=0 gives whole texts; one whole: GET /threads/{channel_id}/{ts}?max_text_chars=0. ${HINT}`,
      response_metadata: { next_cursor: expect.any(String) },
    });
  });

  it('max_text_chars=0 gives the whole text, another number cuts there', async () => {
    const whole = await get(
      h.app,
      '/search/messages?query=deploy&sort=timestamp&count=1&highlight=false&max_text_chars=0',
    );
    const [match] = (whole.body.messages as { matches: Array<{ text: string }> }).matches;
    expect(match.text).toBe(LONG_TEXT);
    expect(whole.body.summary).toBe(`Found 5 messages, showing 1. Use next_cursor for more results. ${HINT}`);
    const cut = await get(
      h.app,
      '/search/messages?query=deploy&sort=timestamp&count=1&highlight=false&max_text_chars=10',
    );
    const [short] = (cut.body.messages as { matches: Array<{ text: string }> }).matches;
    expect(short.text).toBe(`deploy zzz${NOTE}`);
  });

  it('cuts a thread text too; the thread read gives it whole with max_text_chars=0', async () => {
    const capped = await get(h.app, `/threads/${GENERAL}/${LONG_TS}`);
    expect(capped.body).toEqual({
      ok: true,
      messages: [
        {
          user_id: CAROL,
          user_name: 'carol',
          ts: LONG_TS,
          text: `${LONG_TEXT.slice(0, 1000)}${NOTE}`,
          is_parent: true,
          permalink: link(LONG_TS),
        },
      ],
      has_more: false,
      summary:
        'Found 1 message in thread. 1 message text was cut at 1000 characters; max_text_chars=0 gives whole texts.',
    });
    const whole = await get(h.app, `/threads/${GENERAL}/${LONG_TS}?max_text_chars=0`);
    expect((whole.body.messages as Array<{ text: string }>)[0].text).toBe(LONG_TEXT);
  });

  it('refuses a negative cap, naming the parameter', async () => {
    const res = await get(h.app, '/search/messages?query=deploy&max_text_chars=-1');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      errorBody(400, 'FST_ERR_VALIDATION', 'querystring/max_text_chars must be an integer from 0 to 100000'),
    );
  });
});

describe('#name and @name filters', () => {
  it('passes them to Slack as its own in: and from: modifiers, with no lookup', async () => {
    const res = await get(
      h.app,
      '/search/messages?query=deploy&channel_ids=%23general&from_users=@bob,U0CAROL001',
    );
    expect(res.body).toMatchObject({
      query: `deploy in:#general from:@bob from:<@${CAROL}>`,
      messages: { total: 3 },
    });
    const users = (res.body.messages as { matches: Array<{ user_id: string }> }).matches.map(
      (m) => m.user_id,
    );
    expect(users.sort()).toEqual([BOB, CAROL, CAROL]);
    expect(h.slack.calls.map((c) => c.method).filter((m) => m.startsWith('conversations'))).toEqual([]);
  });

  it('refuses a name that could smuggle in another modifier', async () => {
    const res = await get(h.app, '/search/messages?query=deploy&channel_ids=%23gen%20eral');
    expect(res.body).toEqual(
      errorBody(
        400,
        'FST_ERR_VALIDATION',
        'querystring/channel_ids/0 must be an id like C0123ABCD, or #name (%23name in a URL)',
      ),
    );
  });
});

describe('compact and the cap on the history and context reads', () => {
  it('answers a history page as text: the channel once, newest first, a long text cut', async () => {
    const res = await inject('/channels/%23general/history?limit=2&response_format=compact');
    expect({ ...res, body: res.body.split('\n') }).toEqual({
      status: 200,
      type: 'text/plain; charset=utf-8',
      cache: 'MISS',
      body: [
        expect.stringMatching(
          /^2 messages from #general between .* 1 message text was cut at 1000 characters; max_text_chars=0 gives whole texts\.$/,
        ),
        expect.stringMatching(/^next_cursor: \S+$/),
        'in: C0GENERAL1',
        'users: @carol=U0CAROL001',
        `links: https://tiny.slack.com/archives/${GENERAL}/p<ts without the dot>`,
        '',
        `@carol 2026-01-02 00:01Z ts=${LONG_TS}`,
        `${LONG_TEXT.slice(0, 1000)}${NOTE}`,
        '',
        `@carol 00:00Z ts=${TS.other}`,
        'lunch on friday?',
        '',
      ],
    });
  });

  it('answers a reply in context as text: the linked message named, its thread under the root', async () => {
    const url = encodeURIComponent(`${link(TS.reply1)}?thread_ts=${TS.parent}&cid=${GENERAL}`);
    const res = await inject(`/messages/context?url=${url}&before=1&after=1&response_format=compact`);
    expect(res.status).toBe(200);
    expect(res.body.split('\n').slice(1)).toEqual([
      'in: C0GENERAL1',
      `message: ts=${TS.reply1}`,
      'users: @bob=U0BOB00001, @carol=U0CAROL001',
      `links: https://tiny.slack.com/archives/${GENERAL}/p<ts without the dot>, a reply +?thread_ts=<thread_ts>&cid=${GENERAL}`,
      'thread: Found 3 messages in thread.',
      '',
      `@bob 2026-01-01 00:00Z ts=${TS.mention}`,
      'deploy finished, thanks @alice',
      '',
      `@carol 00:01Z ts=${TS.parent} replies=2`,
      'deploy failed on staging',
      '',
      `  @alice=U0ALICE001 00:02Z ts=${TS.reply1}`,
      '  looking at the deploy logs',
      '',
      `  @bob 00:03Z ts=${TS.reply2}`,
      '  rollback done',
      '',
      `@carol 2026-01-02 00:00Z ts=${TS.other}`,
      'lunch on friday?',
      '',
    ]);
  });
});
