import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GENERAL_THREAD, generalLink } from '../fixtures/tiny-general.js';
import {
  ALICE,
  ALICE_TOKEN,
  BOB,
  CAROL,
  GENERAL,
  SECRET,
  TS,
  tinyWorkspace,
} from '../fixtures/tiny-workspace.js';
import { buildHarness, errorBody, get, type Harness } from '../helper.js';

const link = generalLink;

const { parent, reply1, reply2 } = GENERAL_THREAD;

let h: Harness;
const repliesCall = () => h.slack.calls.filter((c) => c.method === 'conversations.replies').at(-1);
beforeAll(async () => {
  h = await buildHarness({ fake: { workspace: tinyWorkspace() }, config: { SLACK_USER_TOKEN: ALICE_TOKEN } });
});
afterAll(() => h.close());
afterEach(() => h.slack.reset());

describe('GET /threads/:channel/:ts', () => {
  it('returns the thread concisely, oldest first, with a summary', async () => {
    const res = await get(h.app, `/threads/${GENERAL}/${TS.parent}`);
    expect(res.status).toBe(200);
    expect(res.headers['x-cache']).toBe('MISS');
    expect(res.body).toEqual({
      ok: true,
      messages: [parent, reply1, reply2],
      has_more: false,
      summary: 'Found 3 messages in thread.',
    });
    expect(repliesCall()?.params).toMatchObject({ channel: GENERAL, ts: TS.parent, limit: '100' });
  });

  it('gives a bot message posted as attachments its words and names shared files', async () => {
    const ts = '1767398400.000900';
    h.slack.workspace.messages.push({
      channel: GENERAL,
      ts,
      user: BOB,
      text: '',
      attachments: [
        { id: 1, fallback: 'Deploy #12 failed', title: 'Deploy #12 failed', text: 'health check timeout' },
      ],
      files: [{ id: 'F0LOG00001', name: 'deploy-12.log', title: 'deploy-12.log', mimetype: 'text/plain' }],
    });
    try {
      const res = await get(h.app, `/threads/${GENERAL}/${ts}`);
      expect(res.body).toEqual({
        ok: true,
        messages: [
          {
            user_id: BOB,
            user_name: 'bob',
            ts,
            text: 'Deploy #12 failed: health check timeout\n[file: deploy-12.log]',
            is_parent: true,
            permalink: link(ts),
          },
        ],
        has_more: false,
        summary: 'Found 1 message in thread.',
      });
    } finally {
      h.slack.workspace.messages.pop();
    }
  });

  it('reads the same thread from a reply ts, and an unthreaded message alone', async () => {
    const fromReply = await get(h.app, `/threads/${GENERAL}/${TS.reply2}`);
    expect((fromReply.body.messages as unknown[]).length).toBe(3);
    const single = await get(h.app, `/threads/${GENERAL}/${TS.other}`);
    expect(single.body).toEqual({
      ok: true,
      messages: [
        {
          user_id: CAROL,
          user_name: 'carol',
          ts: TS.other,
          text: 'lunch on friday?',
          is_parent: true,
          permalink: link(TS.other),
        },
      ],
      has_more: false,
      summary: 'Found 1 message in thread.',
    });
  });

  it('pages with next_cursor and never repeats the parent', async () => {
    for (const repliesRepeatParent of [false, true]) {
      const paged = await buildHarness({
        fake: { workspace: tinyWorkspace(), repliesRepeatParent },
        config: { SLACK_USER_TOKEN: ALICE_TOKEN },
      });
      try {
        const first = await get(paged.app, `/threads/${GENERAL}/${TS.parent}?limit=2`);
        expect(first.body).toEqual({
          ok: true,
          messages: [parent, reply1],
          has_more: true,
          summary: 'Found 3 messages in thread (showing 1–2). Use next_cursor for more results.',
          response_metadata: { next_cursor: expect.any(String) },
        });
        const cursor = (first.body.response_metadata as { next_cursor: string }).next_cursor;
        const second = await get(
          paged.app,
          `/threads/${GENERAL}/${TS.parent}?limit=2&cursor=${encodeURIComponent(cursor)}`,
        );
        expect(second.body).toEqual({
          ok: true,
          messages: [reply2],
          has_more: false,
          summary: 'Found 3 messages in thread (showing 3).',
        });
      } finally {
        await paged.close();
      }
    }
  });

  it("returns Slack's body unchanged plus a summary when detailed", async () => {
    const res = await get(h.app, `/threads/${GENERAL}/${TS.parent}?response_format=detailed`);
    const { summary, ...slack } = res.body;
    expect(summary).toBe('Found 3 messages in thread.');
    expect(slack).toMatchObject({ ok: true, has_more: false });
    expect((slack.messages as Array<{ ts: string; user: string }>).map((m) => [m.ts, m.user])).toEqual([
      [TS.parent, CAROL],
      [TS.reply1, ALICE],
      [TS.reply2, BOB],
    ]);
  });

  it('passes oldest, latest and inclusive to Slack', async () => {
    const res = await get(
      h.app,
      `/threads/${GENERAL}/${TS.parent}?oldest=${TS.reply2}&latest=1767225999&inclusive=true`,
    );
    // A window cut by oldest/latest is not positions 1… of the thread: the summary gives only the count.
    expect(res.body).toEqual({
      ok: true,
      messages: [parent, reply2],
      has_more: false,
      summary: 'Found 3 messages in thread.',
    });
    expect(repliesCall()?.params).toMatchObject({
      oldest: TS.reply2,
      latest: '1767225999',
      inclusive: 'true',
    });
  });

  it('maps unknown and invisible threads to 404', async () => {
    const missing = await get(h.app, `/threads/${GENERAL}/1767000000.000001`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(errorBody(404, 'AS_ERR_SLACK_NOT_FOUND', 'Slack: thread_not_found'));
    const hidden = await get(h.app, `/threads/${SECRET}/${TS.secret}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Slack: channel_not_found');
  });

  it('validates channel and ts before calling Slack', async () => {
    const badTs = await get(h.app, `/threads/${GENERAL}/12345`);
    expect(badTs.status).toBe(400);
    expect(badTs.body).toEqual(
      errorBody(400, 'FST_ERR_VALIDATION', 'params/ts must match pattern "^\\d{9,10}\\.\\d{6}$"'),
    );
    const badChannel = await get(h.app, `/threads/general/${TS.parent}`);
    expect(badChannel.status).toBe(400);
    expect(badChannel.body.message).toMatch(/^params\/channel must match pattern/);
    const badLimit = await get(h.app, `/threads/${GENERAL}/${TS.parent}?limit=0`);
    expect(badLimit.body.message).toBe('querystring/limit must be an integer from 1 to 1000');
    expect(h.slack.count()).toBe(0);
  });
});
