import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGridOrganisation, createSideWorkspace, GRID, gridTs } from '../../fake-slack/index.js';
import type { ReadCaller } from '../../src/reads/caller.js';
import type { ReadAnswer } from '../../src/reads/read-definition.js';
import { bindRead } from '../../src/reads/registry.js';
import { searchMessagesRead } from '../../src/reads/search-messages/definition.js';
import type { SearchMessagesParams } from '../../src/reads/search-messages/schemas.js';
import type { SlackAccess } from '../../src/slack-client/types.js';
import { buildHarness, type Harness } from '../helper.js';

// One search across the workspaces a caller reads with several Slack tokens (Ana in Grid HQ, Chloe in Grid
// Labs, Ana in Side Project), through the real gateway, cache and client against the fake organisation.

const { channels: C, tokens: K, users: U } = GRID;
let h: Harness;
let search: (caller: ReadCaller, params: SearchMessagesParams) => Promise<ReadAnswer>;

beforeAll(async () => {
  h = await buildHarness({
    fake: { organisation: createGridOrganisation(), workspaces: [createSideWorkspace()] },
  });
  const bound = bindRead(searchMessagesRead, h.app.reads, 'rest');
  search = (caller, p) => bound(caller, p as Parameters<typeof bound>[1]);
});
beforeEach(() => h.slack.reset());
afterAll(() => h.close());

const callerWith = (...tokens: string[]): ReadCaller => {
  const accesses: SlackAccess[] = tokens.map((token) => ({
    token,
    fromCaller: true,
    deadline: Date.now() + 10_000,
  }));
  return {
    log: h.app.log,
    requestId: 'req-across',
    who: { kind: 'token', id: 'test' },
    client: { via: 'rest' },
    deadline: Date.now() + 10_000,
    slackAccess: () => accesses[0],
    slackAccesses: () => accesses,
  };
};

const params = (over: Partial<SearchMessagesParams> = {}): SearchMessagesParams => ({
  query: 'rollout',
  count: 20,
  sort: 'timestamp',
  sort_dir: 'desc',
  highlight: false,
  response_format: 'concise',
  to_me: 'false',
  dedupe_threads: false,
  max_text_chars: 0,
  include_context: false,
  ...over,
});

const HQ = 'https://gridcorp-hq.slack.com/archives';
const LABS = 'https://gridcorp-labs.slack.com/archives';
const SIDE = 'https://side-project.slack.com/archives';
const hit = (
  workspace: string,
  permalink: string,
  [channel_id, channel_name]: [string, string | null],
  [user_id, username]: [string, string],
  at: number,
  text: string,
  extra: Record<string, string> = {},
) => ({
  channel_id,
  channel_name,
  user_id,
  username,
  ts: gridTs(at),
  text,
  permalink: `${permalink}/${channel_id}/p${gridTs(at).replace('.', '')}${extra.thread_ts ? `?thread_ts=${extra.thread_ts}&cid=${channel_id}` : ''}`,
  ...extra,
  user_name: username,
  ...(channel_name === null ? { conversation_label: `DM with @${username}` } : {}),
  workspace,
});
const launch = (at: number, who: [string, string], text: string, reply = true) =>
  hit(
    'Grid HQ',
    HQ,
    [C.launchShared, 'launch-shared'],
    who,
    at,
    text,
    reply ? { thread_ts: gridTs(40) } : {},
  );
const ana: [string, string] = [U.ana, 'ana'];
const ben: [string, string] = [U.ben, 'ben'];
const chloe: [string, string] = [U.chloe, 'chloe'];

// Every "rollout" message the three read, newest first; #launch-shared's, found through HQ and Labs, once.
const ALL = [
  hit('Grid HQ', HQ, [C.dmAnaBen, null], ben, 110, 'can you review the rollout doc?'),
  hit('Grid Labs', LABS, [C.labsSecret, 'labs-secret'], chloe, 90, 'secret rollout budget approved'),
  hit('Grid HQ', HQ, [C.partnerConnect, 'partner-connect'], ben, 80, 'thanks Pat, see you at the rollout'),
  hit(
    'Grid HQ',
    HQ,
    [C.partnerConnect, 'partner-connect'],
    [U.pat, 'pat'],
    70,
    'Partner side rollout confirmed',
  ),
  launch(60, chloe, 'Labs is ready for the rollout too'),
  launch(50, ben, 'HQ is ready for the rollout'),
  launch(40, ana, 'Shared launch rollout checklist, both workspaces please', false),
  hit(
    'Grid Labs',
    LABS,
    [C.labsGeneral, 'labs-general'],
    [U.gia, 'gia'],
    30,
    'guest question: when is the rollout demo?',
  ),
  hit(
    'Grid Labs',
    LABS,
    [C.labsGeneral, 'labs-general'],
    chloe,
    20,
    'Labs rollout of the new model is green',
  ),
  hit(
    'Side Project',
    SIDE,
    [C.sideGeneral, 'general'],
    [U.sideAna, 'ana'],
    15,
    'rollout notes for the side project are up',
  ),
  hit('Grid HQ', HQ, [C.hqGeneral, 'hq-general'], ana, 10, 'HQ rollout starts Tuesday'),
  hit(
    'Side Project',
    SIDE,
    [C.sideGeneral, 'general'],
    [U.sideOmar, 'omar'],
    5,
    'side project rollout tonight',
  ),
  hit('Grid HQ', HQ, [C.hqGeneral, 'hq-general'], ben, 0, 'HQ rollout plan is in the doc'),
];
const THREE =
  'Searched 3 workspaces (Grid HQ, Grid Labs and Side Project): totals are their sum, and each match names its workspace.';
const HINTS =
  'Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.';
const THREAD_HINT = 'Whole thread: GET /threads/{channel_id}/{thread_ts}.';
const three = () => callerWith(K.hqAna, K.labsChloe, K.sideAna);

describe('search across workspaces', () => {
  it('one answer from three workspaces: newest first, each match names its workspace, a shared channel once, totals summed', async () => {
    const answer = await search(three(), params());
    expect(answer).toEqual({
      body: {
        ok: true,
        query: 'rollout',
        backend: 'search.messages',
        semantic: false,
        // HQ 8 (3 of them #launch-shared's), Labs 6 (the same 3), Side 2.
        messages: { total: 16, matches: ALL },
        summary: `Found 16 messages, showing 13. ${THREE} ${THREAD_HINT} ${HINTS}`,
      },
      cache: 'MISS',
      policy: undefined,
    });
    // The same search again: every workspace's page from the cache, no Slack call.
    const calls = h.slack.calls.length;
    expect((await search(three(), params())).cache).toBe('HIT');
    expect(h.slack.calls.length).toBe(calls);
  });

  it('pages with one cursor to the end: every match once, in the same order, the same total on every page', async () => {
    const pages: Array<{ body: Record<string, unknown> }> = [];
    let cursor: string | undefined;
    do {
      pages.push(await search(three(), params({ count: 4, cursor })));
      cursor = (pages.at(-1)?.body.response_metadata as { next_cursor?: string } | undefined)?.next_cursor;
    } while (cursor && pages.length < 10);
    const matches = pages.flatMap((p) => (p.body.messages as { matches: unknown[] }).matches);
    expect(matches).toEqual(ALL);
    expect(
      pages.map((p) => [(p.body.messages as { total: number }).total, String(p.body.summary).slice(0, 36)]),
    ).toEqual([
      [16, 'Found 16 messages, showing 4. Use ne'],
      [16, 'Found 16 messages, showing 4. Use ne'],
      [16, 'Found 16 messages, showing 4. Use ne'],
      [16, 'Found 16 messages, showing 1. Search'],
    ]);
    expect(
      String(
        pages[0].body.response_metadata &&
          (pages[0].body.response_metadata as { next_cursor: string }).next_cursor,
      ).length,
    ).toBeLessThan(120);
  });

  it('refuses a cursor that is not one of this search, naming the problem', async () => {
    await expect(search(three(), params({ cursor: 'aw1.bm90LWEtbGlzdA' }))).rejects.toMatchObject({
      statusCode: 400,
      message: 'querystring/cursor is damaged: it is not one this service wrote',
    });
    const fromTwo = await search(callerWith(K.hqAna, K.labsChloe), params({ count: 1 }));
    const cursor = (fromTwo.body.response_metadata as { next_cursor: string }).next_cursor;
    await expect(search(three(), params({ cursor }))).rejects.toMatchObject({
      statusCode: 400,
      message:
        'querystring/cursor was issued for the workspaces T07GRIDHQ, T07GRIDLAB, not for those searched now (T07GRIDHQ, T07GRIDLAB, T0SIDEPRJ): search again without it',
    });
    await expect(search(callerWith(K.hqAna), params({ cursor }))).rejects.toMatchObject({
      statusCode: 400,
      message:
        'querystring/cursor was issued by a search across several workspaces: this caller now reads one; search again without it',
    });
  });

  it('with one workspace, the answer as it always was: no workspace named, not a byte more', async () => {
    const alone = callerWith(K.hqAna);
    const { slackAccesses: _, ...withoutList } = alone;
    const [one, today] = [await search(alone, params()), await search(withoutList, params())];
    expect(JSON.stringify(one.body)).toBe(JSON.stringify(today.body));
    expect(JSON.stringify(one.body)).not.toContain('"workspace"');
    expect((one.body.messages as { total: number }).total).toBe(8);
  });

  it("detailed: Slack's own matches, each named by its workspace", async () => {
    const answer = await search(three(), params({ response_format: 'detailed', count: 3 }));
    const matches = (answer.body.messages as { matches: Array<Record<string, unknown>> }).matches;
    expect(matches.map((m) => [m.workspace, m.team, (m.channel as { id: string }).id, m.ts])).toEqual([
      ['Grid HQ', GRID.teams.hq, C.dmAnaBen, gridTs(110)],
      ['Grid Labs', GRID.teams.labs, C.labsSecret, gridTs(90)],
      ['Grid HQ', GRID.teams.hq, C.partnerConnect, gridTs(80)],
    ]);
  });

  // Last: Side Project's token stays revoked.
  it('a workspace that fails is named in the summary while the others answer; next_cursor asks it again', async () => {
    h.slack.revokeToken(K.sideAna);
    const answer = await search(three(), params({ count: 2 }));
    const next = (answer.body.response_metadata as { next_cursor: string }).next_cursor;
    expect(answer.body).toEqual({
      ok: true,
      query: 'rollout',
      backend: 'search.messages',
      semantic: false,
      messages: { total: 14, matches: ALL.slice(0, 2) },
      response_metadata: { next_cursor: next },
      summary: `Found 14 messages, showing 2. Use next_cursor for more results. ${THREE} Side Project did not answer (Slack rejected the X-Slack-Token: token_revoked): its matches are missing here; next_cursor asks it again. ${HINTS}`,
    });
  });

  // After every other: Slack's limit is kept for a minute.
  it('when every workspace fails, the worst error, as with one', async () => {
    h.slack.inject({ kind: 'ratelimit', method: 'search.messages', retryAfter: 60, times: 3 });
    // A query not searched before: every workspace asks Slack, and Slack limits each.
    await expect(search(three(), params({ query: 'checklist' }))).rejects.toMatchObject({
      statusCode: 429,
      code: 'AS_ERR_SLACK_RATE_LIMITED',
    });
  });
});
