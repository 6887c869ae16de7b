import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GENERAL_MESSAGES, GENERAL_THREAD, generalLink } from '../fixtures/tiny-general.js';
import { ALICE_TOKEN, BOB, CAROL, GENERAL, TS, tinyWorkspace } from '../fixtures/tiny-workspace.js';
import { API_TOKEN, buildHarness, errorBody, get, type Harness } from '../helper.js';

const link = generalLink;
const { mention, parent, other } = GENERAL_MESSAGES;
const thread = {
  ok: true,
  messages: [GENERAL_THREAD.parent, GENERAL_THREAD.reply1, GENERAL_THREAD.reply2],
  has_more: false,
  summary: 'Found 3 messages in thread.',
};
const { is_parent: _, parent_user_id: __, ...reply1 } = GENERAL_THREAD.reply1;

let h: Harness;
const calls = () =>
  h.slack.calls
    .filter((c) => c.method === 'conversations.history' || c.method === 'conversations.replies')
    .map((c) => [c.method, c.params]);
beforeAll(async () => {
  h = await buildHarness({ fake: { workspace: tinyWorkspace() }, config: { SLACK_USER_TOKEN: ALICE_TOKEN } });
});
afterAll(() => h.close());
afterEach(() => h.slack.reset());

const context = (query: string) => get(h.app, `/messages/context?${query}`);

describe('GET /messages/context', () => {
  it('reads a thread root from its link: neighbours, the message and its thread in 3 Slack calls, then none', async () => {
    const res = await context(`url=${encodeURIComponent(link(TS.parent))}`);
    expect(res.status).toBe(200);
    expect(res.headers['x-cache']).toBe('MISS');
    expect(res.body).toEqual({
      ok: true,
      channel_id: GENERAL,
      channel_name: 'general',
      before: [mention],
      message: parent,
      after: [other],
      thread,
      summary:
        'The message by @carol at 2026-01-01 00:01 UTC in #general, with 1 message before it and 1 after, oldest first. Its whole thread is in thread.',
    });
    expect(calls()).toEqual([
      ['conversations.history', { channel: GENERAL, latest: TS.parent, inclusive: 'true', limit: '6' }],
      ['conversations.history', { channel: GENERAL, oldest: TS.parent, inclusive: 'false', limit: '5' }],
      ['conversations.replies', { channel: GENERAL, ts: TS.parent, limit: '20' }],
    ]);
    h.slack.reset();
    const again = await context(`url=${encodeURIComponent(link(TS.parent))}`);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toEqual(res.body);
    expect(h.slack.calls).toEqual([]);
  });

  it('reads a reply from its link (thread_ts): its root’s neighbours and the thread, the calls in parallel', async () => {
    const res = await context(`url=${encodeURIComponent(link(TS.reply1, TS.parent))}&before=1&after=1`);
    expect(res.body).toEqual({
      ok: true,
      channel_id: GENERAL,
      channel_name: 'general',
      before: [mention],
      message: reply1,
      after: [other],
      thread,
      summary:
        "The reply by @alice at 2026-01-01 00:02 UTC in #general, with 1 message before its thread's root and 1 after, oldest first. Its whole thread is in thread.",
    });
    // The thread's page was fetched by the first test: Slack bodies are cached per call, not per route.
    expect(calls()).toEqual([
      ['conversations.history', { channel: GENERAL, latest: TS.parent, inclusive: 'true', limit: '2' }],
      ['conversations.history', { channel: GENERAL, oldest: TS.parent, inclusive: 'false', limit: '1' }],
    ]);
  });

  it('finds a reply given as channel + ts without its thread: the channel around its time, then its thread', async () => {
    const res = await context(`channel=%23general&ts=${TS.reply2}&before=1&after=1`);
    expect(res.body).toEqual({
      ok: true,
      channel_id: GENERAL,
      channel_name: 'general',
      before: [parent],
      message: {
        ...reply1,
        user_id: BOB,
        user_name: 'bob',
        ts: TS.reply2,
        text: 'rollback done',
        permalink: link(TS.reply2, TS.parent),
      },
      after: [other],
      thread,
      summary:
        "The reply by @bob at 2026-01-01 00:03 UTC in #general, with 1 message before its thread's root and 1 after, oldest first. More of the channel: earlier: GET /channels/C0GENERAL1/history?latest=1767225660.000200. Its whole thread is in thread.",
    });
    expect(calls()).toEqual([
      ['conversations.history', { channel: GENERAL, latest: TS.reply2, inclusive: 'true', limit: '2' }],
      ['conversations.history', { channel: GENERAL, oldest: TS.reply2, inclusive: 'false', limit: '1' }],
      ['conversations.replies', { channel: GENERAL, ts: TS.reply2, limit: '20' }],
    ]);
  });

  it('makes one call for the message alone (before=0, after=0) and one per side asked', async () => {
    const alone = await context(`channel=${GENERAL}&ts=${TS.other}&before=0&after=0`);
    expect(alone.body).toEqual({
      ok: true,
      channel_id: GENERAL,
      channel_name: 'general',
      before: [],
      message: other,
      after: [],
      summary:
        'The message by @carol at 2026-01-02 00:00 UTC in #general, with 0 messages before it and 0 after, oldest first. More of the channel: earlier: GET /channels/C0GENERAL1/history?latest=1767312000.000700.',
    });
    expect(calls()).toEqual([
      ['conversations.history', { channel: GENERAL, latest: TS.other, inclusive: 'true', limit: '1' }],
    ]);
    h.slack.reset();
    const afterOnly = await context(`channel=${GENERAL}&ts=${TS.mention}&before=0&after=1`);
    expect((afterOnly.body.message as { ts: string }).ts).toBe(TS.mention);
    expect((afterOnly.body.after as Array<{ ts: string }>).map((m) => m.ts)).toEqual([TS.parent]);
    expect(afterOnly.body.summary).toBe(
      'The message by @bob at 2026-01-01 00:00 UTC in #general, with 0 messages before it and 1 after, oldest first. More of the channel: later: GET /channels/C0GENERAL1/history?oldest=1767225660.000200.',
    );
    expect(calls()).toEqual([
      ['conversations.history', { channel: GENERAL, oldest: TS.mention, inclusive: 'true', limit: '2' }],
    ]);
  });

  it('refuses a link to another workspace, naming both', async () => {
    const res = await context(`url=${encodeURIComponent(link(TS.parent).replace('tiny.', 'acme.'))}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      errorBody(
        400,
        'AS_ERR_WORKSPACE_MISMATCH',
        'The link is to acme.slack.com, but the Slack token is for tiny.slack.com: use a token of that workspace',
      ),
    );
    expect(calls()).toEqual([]);
  });

  it.each([
    [
      'url=https%3A%2F%2Fexample.com%2Farchives%2FC0GENERAL1%2Fp1767225660000200',
      'querystring/url is not a Slack link (https://<workspace>.slack.com/…)',
    ],
    [
      'url=https%3A%2F%2Ftiny.slack.com%2Fteam%2FU0ALICE001',
      'querystring/url is not a Slack message link (…/archives/<channel id>/p<16 digits>)',
    ],
    ['url=not%20a%20link', 'querystring/url is not a URL'],
    [
      `url=${encodeURIComponent(`${link(TS.reply1)}?thread_ts=yesterday`)}`,
      'querystring/url has a thread_ts that is not a Slack ts (1234567890.123456)',
    ],
    [
      `url=${encodeURIComponent(link(TS.parent))}&channel=${GENERAL}`,
      'querystring/url names the message: leave out querystring/channel, querystring/ts and querystring/thread_ts',
    ],
    [`channel=${GENERAL}`, 'querystring/url, or querystring/channel with querystring/ts, is required'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await context(query);
    expect(res.body).toEqual(errorBody(400, 'AS_ERR_BAD_REQUEST', message));
  });

  it.each([
    [`channel=${GENERAL}&ts=1767225660`, 'querystring/ts must match pattern "^\\d{9,10}\\.\\d{6}$"'],
    [`channel=${GENERAL}&ts=${TS.parent}&before=51`, 'querystring/before must be an integer from 0 to 50'],
    [`channel=${GENERAL}&ts=${TS.parent}&after=-1`, 'querystring/after must be an integer from 0 to 50'],
  ])('answers 400 naming the parameter for %s', async (query, message) => {
    expect((await context(query)).body).toEqual(errorBody(400, 'FST_ERR_VALIDATION', message));
  });

  it('answers 404 for a message Slack does not have and a channel the token cannot see', async () => {
    expect((await context(`channel=${GENERAL}&ts=1767225999.000100`)).body).toEqual(
      errorBody(404, 'AS_ERR_SLACK_NOT_FOUND', 'Slack: message_not_found'),
    );
    expect((await context(`channel=G0SECRET01&ts=${TS.secret}`)).body).toEqual(
      errorBody(404, 'AS_ERR_SLACK_NOT_FOUND', 'Slack: channel_not_found'),
    );
    // The thread read starts beside the history reads; its failure must not go unhandled (found by fuzzing).
    const unhandled: unknown[] = [];
    const listen = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listen);
    try {
      const hiddenReply = `https://tiny.slack.com/archives/G0SECRET01/p1767225840000600?thread_ts=${TS.secret}`;
      expect((await context(`url=${encodeURIComponent(hiddenReply)}`)).body).toEqual(
        errorBody(404, 'AS_ERR_SLACK_NOT_FOUND', 'Slack: channel_not_found'),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listen);
    }
    expect((await context(`channel=%23secret&ts=${TS.secret}`)).body).toEqual(
      errorBody(
        404,
        'AS_ERR_SLACK_NOT_FOUND',
        'Slack: no channel named #secret that this Slack token can see',
      ),
    );
  });

  it('returns Slack’s message objects in the same places when detailed', async () => {
    const res = await context(
      `url=${encodeURIComponent(link(TS.parent))}&before=1&after=0&response_format=detailed`,
    );
    expect(res.body).toEqual({
      ok: true,
      channel_id: GENERAL,
      channel_name: 'general',
      before: [expect.objectContaining({ type: 'message', user: BOB, ts: TS.mention })],
      message: expect.objectContaining({ type: 'message', user: CAROL, ts: TS.parent, reply_count: 2 }),
      after: [],
      thread: expect.objectContaining({ ok: true, has_more: false, summary: 'Found 3 messages in thread.' }),
      summary:
        'The message at 2026-01-01 00:01 UTC in #general, with 1 message before it and 0 after, oldest first. Its whole thread is in thread.',
    });
  });

  it('keeps the body under MAX_RESPONSE_BYTES: cuts texts and leaves out the thread’s last messages first, and says so', async () => {
    const workspace = tinyWorkspace();
    workspace.messages.push({
      channel: GENERAL,
      ts: '1767225700.000250',
      user: BOB,
      text: `logs ${'x'.repeat(3000)}`,
    });
    const small = await buildHarness({
      fake: { workspace },
      config: { SLACK_USER_TOKEN: ALICE_TOKEN, MAX_RESPONSE_BYTES: 1700 },
    });
    try {
      // max_text_chars=0: the byte budget alone, without the default text cap.
      const res = await small.app.inject({
        url: `/messages/context?channel=${GENERAL}&ts=${TS.parent}&max_text_chars=0`,
        headers: { authorization: `Bearer ${API_TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(1700);
      const body = res.json();
      expect([body.before.length, body.message.ts, body.after.length, body.thread.messages]).toEqual([
        1,
        TS.parent,
        2,
        [GENERAL_THREAD.parent],
      ]);
      expect(body.after.map((m: { text: string }) => m.text)).toEqual([
        'logs xxxxxxx...content truncated due to length',
        'lunch on friday?',
      ]);
      expect(body.summary).toBe(
        "The message by @carol at 2026-01-01 00:01 UTC in #general, with 1 message before it and 2 after, oldest first. More of the channel: earlier: GET /channels/C0GENERAL1/history?latest=1767225600.000100; later: GET /channels/C0GENERAL1/history?oldest=1767312000.000700. 2 of its thread's messages did not fit in thread: GET /threads/C0GENERAL1/1767225660.000200. 1 message text was cut and 2 messages were left out to keep the response under 1700 bytes; ask for fewer before/after.",
      );
    } finally {
      await small.close();
    }
  });
});
