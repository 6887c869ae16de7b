import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { directories } from '../../src/reads/common-services.js';
import { GENERAL_MESSAGES } from '../fixtures/tiny-general.js';
import { ALICE, ALICE_TOKEN, CAROL, GENERAL, TS, tinyWorkspace } from '../fixtures/tiny-workspace.js';
import { authHeaders, buildHarness, errorBody, get, type Harness } from '../helper.js';

const { mention, parent, other } = GENERAL_MESSAGES;

let h: Harness;
const historyCalls = () => h.slack.calls.filter((c) => c.method === 'conversations.history');
beforeAll(async () => {
  h = await buildHarness({ fake: { workspace: tinyWorkspace() }, config: { SLACK_USER_TOKEN: ALICE_TOKEN } });
});
afterAll(() => h.close());
afterEach(() => h.slack.reset());

describe('GET /channels/:channel/history', () => {
  it('returns the channel’s top-level messages newest first, named, with a summary; a repeat is cached', async () => {
    const res = await get(h.app, `/channels/${GENERAL}/history`);
    expect(res.status).toBe(200);
    expect(res.headers['x-cache']).toBe('MISS');
    expect(res.body).toEqual({
      ok: true,
      channel_id: GENERAL,
      channel_name: 'general',
      messages: [other, parent, mention],
      has_more: false,
      summary:
        '3 messages from #general between 2026-01-01 00:00 UTC and 2026-01-02 00:00 UTC, newest first.',
    });
    expect(historyCalls().map((c) => c.params)).toEqual([{ channel: GENERAL, limit: '20' }]);
    const again = await get(h.app, `/channels/${GENERAL}/history`);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toEqual(res.body);
    expect(historyCalls()).toHaveLength(1);
  });

  it('pages older with next_cursor, and passes latest/oldest/inclusive to Slack', async () => {
    const first = await get(h.app, `/channels/${GENERAL}/history?limit=2`);
    expect(first.body).toEqual({
      ok: true,
      channel_id: GENERAL,
      channel_name: 'general',
      messages: [other, parent],
      has_more: true,
      summary:
        '2 messages from #general between 2026-01-01 00:01 UTC and 2026-01-02 00:00 UTC, newest first. Use next_cursor for older messages.',
      response_metadata: { next_cursor: expect.any(String) },
    });
    const cursor = (first.body.response_metadata as { next_cursor: string }).next_cursor;
    const second = await get(
      h.app,
      `/channels/${GENERAL}/history?limit=2&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(second.body).toEqual({
      ok: true,
      channel_id: GENERAL,
      channel_name: 'general',
      messages: [mention],
      has_more: false,
      summary: '1 message from #general at 2026-01-01 00:00 UTC.',
    });
    const windowed = await get(
      h.app,
      `/channels/${GENERAL}/history?oldest=${TS.mention}&latest=${TS.parent}&inclusive=true`,
    );
    expect((windowed.body.messages as Array<{ ts: string }>).map((m) => m.ts)).toEqual([
      TS.parent,
      TS.mention,
    ]);
    expect(historyCalls().at(-1)?.params).toEqual({
      channel: GENERAL,
      limit: '20',
      oldest: TS.mention,
      latest: TS.parent,
      inclusive: 'true',
    });
  });

  it('takes #name for the channel (path segment %23general), resolved once with conversations.list', async () => {
    const res = await get(h.app, '/channels/%23general/history?limit=1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      channel_id: GENERAL,
      channel_name: 'general',
      messages: [other],
      has_more: true,
      summary: '1 message from #general at 2026-01-02 00:00 UTC. Use next_cursor for older messages.',
      response_metadata: { next_cursor: expect.any(String) },
    });
    await get(h.app, '/channels/%23general/history?limit=3');
    expect(h.slack.count('conversations.list')).toBe(1);
    expect(h.slack.count('conversations.info')).toBe(0);
    expect(historyCalls().map((c) => c.params.channel)).toEqual([GENERAL, GENERAL]);
  });

  it('answers 404 naming an unknown #name, and Slack’s channel_not_found as 404', async () => {
    const unknown = await get(h.app, '/channels/%23nowhere/history');
    expect(unknown).toMatchObject({ status: 404 });
    expect(unknown.body).toEqual(
      errorBody(
        404,
        'AS_ERR_SLACK_NOT_FOUND',
        'Slack: no channel named #nowhere that this Slack token can see',
      ),
    );
    const hidden = await get(h.app, '/channels/G0SECRET01/history');
    expect(hidden.body).toEqual(errorBody(404, 'AS_ERR_SLACK_NOT_FOUND', 'Slack: channel_not_found'));
  });

  it('answers 400 naming a bad channel, ts or limit', async () => {
    expect((await get(h.app, '/channels/general/history')).body).toEqual(
      errorBody(
        400,
        'FST_ERR_VALIDATION',
        'params/channel must be an id like C0123ABCD, or #name (%23name in a URL)',
      ),
    );
    expect((await get(h.app, `/channels/${GENERAL}/history?latest=yesterday`)).body).toEqual(
      errorBody(
        400,
        'FST_ERR_VALIDATION',
        'querystring/latest must be a ts like 1773133920.004100 or 1773133920',
      ),
    );
    expect((await get(h.app, `/channels/${GENERAL}/history?limit=1000`)).body).toEqual(
      errorBody(400, 'FST_ERR_VALIDATION', 'querystring/limit must be an integer from 1 to 999'),
    );
    expect(historyCalls()).toHaveLength(0);
  });

  it('returns Slack’s body with the summary when detailed', async () => {
    const res = await get(h.app, `/channels/${GENERAL}/history?limit=1&response_format=detailed`);
    expect(res.body).toEqual({
      ok: true,
      messages: [
        expect.objectContaining({ type: 'message', user: CAROL, ts: TS.other, text: 'lunch on friday?' }),
      ],
      has_more: true,
      pin_count: 0,
      channel_actions_ts: null,
      channel_actions_count: 0,
      response_metadata: { next_cursor: expect.any(String) },
      summary: '1 message from #general at 2026-01-02 00:00 UTC. Use next_cursor for older messages.',
    });
  });

  it('finds a #name past the loaded pages through Slack’s search (in:#name), without waiting for the list', async () => {
    const many = await buildHarness({
      fake: { workspace: manyChannels(1500), maxListPage: 500 },
      config: { SLACK_USER_TOKEN: ALICE_TOKEN },
    });
    const lists = () =>
      many.slack.calls
        .filter((c) => c.method === 'conversations.list')
        .map((c) => `${c.params.types}${c.params.cursor ? ' +' : ''}`);
    try {
      // Slack sends each page of the list late: the read does not wait for the pages after the first.
      many.slack.inject({ method: 'conversations.list', kind: 'delay', ms: 300, times: 10 });
      const res = await get(many.app, '/channels/%23team-1499/history');
      expect(res.body).toMatchObject({ channel_id: 'C0MANY1499', channel_name: 'team-1499' });
      expect(
        many.slack.calls.filter((c) => c.method === 'search.messages').map((c) => c.params.query),
      ).toEqual(['in:#team-1499']);
      await directoriesOf(many).settled();
      // The list went on loading in the background, each page once (1,501 public channels, 500 a page).
      expect(lists().sort()).toEqual([
        'private_channel',
        'public_channel',
        'public_channel +',
        'public_channel +',
        'public_channel +',
      ]);
      // A name in the loaded list needs neither Slack's list nor its search again.
      many.slack.reset();
      const seven = await get(many.app, '/channels/%23team-7/history');
      expect(seven.body).toMatchObject({ channel_id: 'C0MANY7', channel_name: 'team-7' });
      const methods = many.slack.calls.map((c) => c.method);
      expect(methods.filter((m) => m === 'conversations.list' || m === 'search.messages')).toEqual([]);
    } finally {
      await many.close();
    }
  });

  it('answers 404 naming how much of a still-loading list it looked in, and finds the name once loaded', async () => {
    const many = await buildHarness({
      fake: { workspace: manyChannels(1500), maxListPage: 500 },
      config: { SLACK_USER_TOKEN: ALICE_TOKEN },
    });
    try {
      many.slack.inject({ method: 'conversations.list', kind: 'delay', ms: 1000, times: 10 });
      // No message in #team-1200: Slack's search cannot name it either.
      const early = await get(many.app, '/channels/%23team-1200/history');
      expect(early.body).toEqual(
        errorBody(
          404,
          'AS_ERR_SLACK_NOT_FOUND',
          `Slack: no channel named #team-1200 that this Slack token can see among the ${(early.body.message as string).match(/among the (\d+)/)?.[1]} channels loaded so far (the list is still loading from Slack: use the id, or ask again in a minute)`,
        ),
      );
      await directoriesOf(many).settled();
      const later = await get(many.app, '/channels/%23team-1200/history');
      expect(later.body).toMatchObject({ channel_id: 'C0MANY1200', channel_name: 'team-1200' });
    } finally {
      await many.close();
    }
  });

  it('asks Real-time Search for a #name past the loaded pages when the token has only its scopes', async () => {
    const workspace = manyChannels(1500);
    const rtsOnly = 'xoxp-tiny-rts-only';
    workspace.tokens.push({
      token: rtsOnly,
      type: 'user',
      userId: ALICE,
      scopes: ['search:read.public', 'channels:history', 'channels:read', 'groups:read', 'users:read'],
    });
    const many = await buildHarness({ fake: { workspace, maxListPage: 500 } });
    try {
      many.slack.inject({ method: 'conversations.list', kind: 'delay', ms: 300, times: 10 });
      const res = await get(
        many.app,
        '/channels/%23team-1200/history',
        authHeaders({ 'x-slack-token': rtsOnly }),
      );
      expect(res.body).toMatchObject({ channel_id: 'C0MANY1200', channel_name: 'team-1200' });
      const asked = many.slack.calls.filter((c) => c.method === 'assistant.search.context');
      expect(asked.map((c) => [c.params.query, c.params.content_types])).toEqual([['team-1200', 'channels']]);
      expect(many.slack.count('search.messages')).toBe(0);
      await directoriesOf(many).settled();
    } finally {
      await many.close();
    }
  });
});

/** The tiny workspace with `count` more public channels, `team-0` …, one message in the last. */
function manyChannels(count: number) {
  const workspace = tinyWorkspace();
  for (let i = 0; i < count; i++) {
    workspace.channels.push({
      id: `C0MANY${i}`,
      kind: 'public',
      name: `team-${i}`,
      members: [],
      created: 1767225000,
    });
  }
  workspace.messages.push({ channel: `C0MANY${count - 1}`, ts: TS.other, user: CAROL, text: 'last channel' });
  return workspace;
}

const directoriesOf = (harness: Harness) => harness.app.reads.use(directories);
