import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CHANNELS, DEMO_USER_ID } from '../../fake-slack/index.js';
import { zebrafishWorkspace } from '../fixtures/zebrafish-workspace.js';
import { buildHarness, errorBody, get, type Harness } from '../helper.js';

const NOTE = '...content truncated due to length';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const nextCursor = (body: Record<string, unknown>) =>
  (body.response_metadata as { next_cursor?: string } | undefined)?.next_cursor;
const withCursor = (url: string, cursor?: string) =>
  cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url;

describe('paging on a Slack that sends no cursor (like every recorded body)', () => {
  it('pages 829 matches to the end with page + paging.pages behind our cursor: 9 pages, one total, each once', async () => {
    const workspace = zebrafishWorkspace();
    h = await buildHarness({ fake: { workspace, searchCursorLocation: 'none' } });
    const url = '/search/messages?query=zebrafish&count=100&sort=timestamp&sort_dir=asc&highlight=false';
    const seen: string[] = [];
    const summaries: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await get(h.app, withCursor(url, cursor));
      expect(res.status).toBe(200);
      expect((res.body.messages as { total: number }).total).toBe(829);
      seen.push(...(res.body.messages as { matches: Array<{ text: string }> }).matches.map((m) => m.text));
      summaries.push(res.body.summary as string);
      cursor = nextCursor(res.body);
    } while (cursor && summaries.length < 20);
    expect(summaries).toHaveLength(9);
    expect(summaries.at(0)).toBe(
      'Found 829 messages, showing 100. Use next_cursor for more results. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.',
    );
    expect(summaries.at(-1)).toBe(
      'Found 829 messages, showing 29. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.',
    );
    expect(seen).toEqual(Array.from({ length: 829 }, (_, i) => `zebrafish canary run ${i + 1}`));
    const sent = h.slack.calls.filter((c) => c.method === 'search.messages').map((c) => c.params);
    expect(sent.map((p) => p.page ?? `cursor ${p.cursor}`)).toEqual([
      'cursor *',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
  });
});

describe('the LLM budget: cut texts evenly, keep every message', () => {
  const big = 'x'.repeat(600_000);
  const match = (ts: string, text: string) => ({
    type: 'message',
    channel: { id: 'C07ENGINRG', name: 'engineering' },
    user: DEMO_USER_ID,
    username: 'maya',
    ts,
    text,
    permalink: `https://acme-demo.slack.com/archives/C07ENGINRG/p${ts.replace('.', '')}`,
  });

  it('answers a search whose one match has a 600 KB text with every match present and that text cut', async () => {
    h = await buildHarness();
    const matches = [
      match('1773000001.000100', 'first'),
      match('1773000002.000100', big),
      match('1773000003.000100', 'third'),
    ];
    h.slack.serveBody('search.messages', { ok: true, query: 'dump', messages: { total: 3, matches } });
    // max_text_chars=0: the byte budget alone, without the default text cap.
    const res = await h.app.inject({
      url: '/search/messages?query=dump&max_text_chars=0',
      headers: { authorization: 'Bearer test-api-token-7f3a9c' },
    });
    expect(res.statusCode).toBe(200);
    const bytes = Buffer.byteLength(res.body);
    expect(bytes).toBeLessThanOrEqual(400_000);
    expect(bytes).toBeGreaterThan(399_000);
    const body = res.json();
    const texts: string[] = body.messages.matches.map((m: { text: string }) => m.text);
    expect(texts.map((t) => (t.length > 100 ? `${t.slice(0, 5)}…${t.slice(-NOTE.length)}` : t))).toEqual([
      'first',
      `xxxxx…${NOTE}`,
      'third',
    ]);
    expect(body.summary).toBe(
      'Found 3 messages. 1 message text was cut to keep the response under 400000 bytes; ask for a smaller count or set max_text_chars. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.',
    );
    const detailed = await get(h.app, '/search/messages?query=dump&response_format=detailed');
    expect((detailed.body.messages as { matches: unknown[] }).matches).toHaveLength(3);
    expect(detailed.body.summary).toBe(
      'Found 3 messages. 1 message text was cut to keep the response under 400000 bytes; ask for a smaller count or set max_text_chars.',
    );
  });

  it('keeps the replies after a 500 KB thread reply, cutting only that one', async () => {
    h = await buildHarness();
    const parent = {
      type: 'message',
      user: DEMO_USER_ID,
      ts: '1773000001.000100',
      thread_ts: '1773000001.000100',
      reply_count: 4,
      text: 'root',
    };
    const reply = (n: number, text: string) => ({
      type: 'message',
      user: DEMO_USER_ID,
      ts: `177300000${n + 1}.000100`,
      thread_ts: parent.ts,
      parent_user_id: DEMO_USER_ID,
      text,
    });
    h.slack.serveBody('conversations.replies', {
      ok: true,
      messages: [parent, reply(1, 'y'.repeat(500_000)), reply(2, 'two'), reply(3, 'three'), reply(4, 'four')],
      has_more: false,
    });
    const res = await get(h.app, `/threads/C07ENGINRG/${parent.ts}?max_text_chars=0`);
    expect(res.status).toBe(200);
    const texts = (res.body.messages as Array<{ text: string }>).map((m) =>
      m.text.length > 100 ? `cut…${m.text.slice(-NOTE.length)}` : m.text,
    );
    expect(texts).toEqual(['root', `cut…${NOTE}`, 'two', 'three', 'four']);
    expect(res.body.summary).toBe(
      'Found 5 messages in thread. 1 message text was cut to keep the response under 400000 bytes; ask for a smaller limit.',
    );
  });
});

describe('bodies Slack should never send answer 502 in our shape, never 500', () => {
  it.each([
    [
      'search.messages',
      { ok: true, messages: { total: 1, matches: 'oops' } },
      'search.messages body this service cannot read: messages.matches is not a list',
    ],
    [
      'search.messages',
      { ok: true, messages: { total: 1, matches: [{ text: 'no ts, no permalink' }] } },
      'search.messages body this service cannot read: a message has no ts',
    ],
    [
      'search.messages',
      {
        ok: true,
        messages: { total: 1, matches: [{ ts: '1773000001.000100', channel: {}, text: 'where?' }] },
      },
      'search.messages body this service cannot read: a match says neither its channel nor its permalink',
    ],
    [
      'search.messages',
      { ok: true, response_metadata: '', messages: { total: 0, matches: [] } },
      'search.messages body this service cannot read: its Slack client could not read it',
    ],
    [
      'conversations.replies',
      { ok: true, messages: [{ text: 'no ts' }] },
      'conversations.replies body this service cannot read: a message has no ts',
    ],
    [
      'conversations.replies',
      { ok: true, messages: { 0: { ts: '1773000001.000100', text: 'a list as an object' } } },
      'conversations.replies body this service cannot read: messages is not a list',
    ],
    [
      'conversations.replies',
      { ok: true, messages: [null, { ts: '1773000001.000100' }] },
      'conversations.replies body this service cannot read: a message is not an object',
    ],
  ] as const)('%s %j', async (method, body, message) => {
    h = await buildHarness();
    h.slack.serveBody(method, body);
    const url =
      method === 'search.messages' ? '/search/messages?query=x' : '/threads/C07ENGINRG/1773000001.000100';
    for (const format of ['concise', 'detailed']) {
      const res = await get(h.app, `${url}${url.includes('?') ? '&' : '?'}response_format=${format}`);
      expect(res.status).toBe(502);
      expect(res.body).toEqual(errorBody(502, 'AS_ERR_SLACK_UNREADABLE_BODY', `Slack sent a ${message}`));
    }
  });
});

describe('to_me=true over two searches', () => {
  it('answers exactly count a page with one total and no repeats, and says which queries ran', async () => {
    h = await buildHarness();
    const url = '/search/messages?to_me=true&count=3&sort=timestamp&sort_dir=desc';
    const pages: Array<{ total: number; ts: string[]; more: boolean }> = [];
    let cursor: string | undefined;
    let first: Record<string, unknown> | undefined;
    do {
      const res = await get(h.app, withCursor(url, cursor));
      expect(res.status).toBe(200);
      first ??= res.body;
      cursor = nextCursor(res.body);
      const messages = res.body.messages as {
        total: number;
        matches: Array<{ ts: string; channel_id: string }>;
      };
      pages.push({
        total: messages.total,
        ts: messages.matches.map((m) => `${m.channel_id}/${m.ts}`),
        more: Boolean(cursor),
      });
    } while (cursor && pages.length < 40);
    const seen = pages.flatMap((p) => p.ts);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(pages.map((p) => p.total)).size).toBe(1);
    for (const p of pages.slice(0, -1)) expect(p.ts).toHaveLength(3);
    expect(pages.at(-1)?.ts.length).toBeGreaterThan(0);
    expect(pages.at(-1)?.ts.length).toBeLessThanOrEqual(3);
    expect(first?.query).toBe(`<@${DEMO_USER_ID}>`);
    expect(first?.queries).toEqual([`<@${DEMO_USER_ID}>`, `to:<@${DEMO_USER_ID}>`]);
    // Duplicates (a DM that mentions the user) are shown once, so the sum may exceed what is listed.
    expect(seen.length).toBeLessThanOrEqual(pages[0].total);
  });
});

describe('channel names', () => {
  it('names a <#C…> without a label after a channel the page shows, else keeps its id', async () => {
    h = await buildHarness();
    const at = (ts: string, channel: unknown, text: string) => ({
      type: 'message',
      channel,
      user: '',
      username: 'bot',
      ts,
      text,
    });
    h.slack.serveBody('search.messages', {
      ok: true,
      messages: {
        total: 2,
        matches: [
          at(
            '1773000001.000100',
            { id: 'C07ENGINRG', name: 'engineering' },
            'moved to <#C07ENGINRG> and <#C0UNKNOWN1>',
          ),
          at('1773000002.000100', 'C0UNKNOWN1', 'here'),
        ],
      },
    });
    const res = await get(h.app, '/search/messages?query=moved');
    const texts = (res.body.messages as { matches: Array<{ text: string }> }).matches.map((m) => m.text);
    expect(texts).toEqual(['moved to #engineering and #C0UNKNOWN1', 'here']);
  });
});

describe("users' names", () => {
  it('asks users.info once per user per TTL, in parallel, and answers with ids when it fails', async () => {
    h = await buildHarness();
    await get(h.app, '/search/messages?query=deploy&count=20');
    const asked = h.slack.calls.filter((c) => c.method === 'users.info').map((c) => c.params.user);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThanOrEqual(20);
    expect(new Set(asked).size).toBe(asked.length);
    h.slack.reset();
    await get(h.app, '/search/messages?query=deploy&count=20&highlight=false');
    expect(h.slack.count('users.info')).toBe(0);

    const failing = await buildHarness({ slack: h.slack });
    try {
      h.slack.reset();
      h.slack.inject({ method: 'users.info', kind: 'http', status: 500, times: 100 });
      const res = await get(failing.app, `/threads/${DEMO_CHANNELS.incidents}/1773133920.004100?limit=2`);
      expect(res.status).toBe(200);
      const [root] = res.body.messages as Array<{ user_name: string | null; text: string }>;
      expect(root.user_name).toBeNull();
      expect(root.text).toContain('@U07MAYACHN @U07TOMNOWK can you join?');
    } finally {
      await failing.close();
    }
  });
});
