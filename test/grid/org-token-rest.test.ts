import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGridOrganisation, createSideWorkspace, GRID, gridTs } from '../../fake-slack/index.js';
import { authHeaders, buildHarness, errorBody, get, type Harness } from '../helper.js';
import { GROUPS, NOT_LISTED } from './grid-words.js';

// Every read with an org-wide token (SLACK_USER_TOKEN is Ana's: Grid HQ and Grid Labs) against the fake's
// Grid Corp, with and without `workspace`, on REST; search.messages here (Real-time Search: org-rts.test.ts).

const { teams: T, users: U, channels: C, tokens: K } = GRID;
const HQ = 'Grid HQ (T07GRIDHQ)';
const LABS = 'Grid Labs (T07GRIDLAB)';
const ORG_URL = 'https://gridcorp.enterprise.slack.com';
const LABS_URL = 'https://gridcorp-labs.slack.com';
const link = (base: string, channel: string, ts: string, thread?: string) =>
  `${base}/archives/${channel}/p${ts.replace('.', '')}${thread ? `?thread_ts=${thread}&cid=${channel}` : ''}`;

let h: Harness;
beforeAll(async () => {
  h = await buildHarness({
    fake: { organisation: createGridOrganisation(), workspaces: [createSideWorkspace()] },
    config: { SLACK_USER_TOKEN: K.orgAna },
  });
});
afterAll(() => h.close());
afterEach(() => h.slack.reset());

/** The Slack calls made, with the team_id each sent. */
const calls = (method?: string) =>
  h.slack.calls
    .filter((c) => method === undefined || c.method === method)
    .map((c) => (c.params.team_id ? `${c.method} ${c.params.team_id}` : c.method));

describe('search.messages with an org-wide token', () => {
  it('workspace=<id>: that workspace, sent as team_id; the shared channel is there too', async () => {
    const res = await get(h.app, `/search/messages?query=rollout&workspace=${T.labs}&count=3`);
    expect(res.body).toEqual({
      ok: true,
      query: 'rollout',
      backend: 'search.messages',
      semantic: false,
      messages: {
        total: 6,
        matches: [
          {
            channel_id: C.labsSecret,
            channel_name: 'labs-secret',
            user_id: U.chloe,
            username: 'chloe',
            ts: gridTs(90),
            text: 'secret *rollout* budget approved',
            permalink: link(LABS_URL, C.labsSecret, gridTs(90)),
            user_name: 'chloe',
          },
          {
            channel_id: C.launchShared,
            channel_name: 'launch-shared',
            user_id: U.ben,
            username: 'ben',
            ts: gridTs(50),
            text: 'HQ is ready for the *rollout*',
            permalink: link(LABS_URL, C.launchShared, gridTs(50), gridTs(40)),
            user_name: 'ben',
            thread_ts: gridTs(40),
          },
          {
            channel_id: C.launchShared,
            channel_name: 'launch-shared',
            user_id: U.chloe,
            username: 'chloe',
            ts: gridTs(60),
            text: 'Labs is ready for the *rollout* too',
            permalink: link(LABS_URL, C.launchShared, gridTs(60), gridTs(40)),
            user_name: 'chloe',
            thread_ts: gridTs(40),
          },
        ],
      },
      summary:
        'Found 6 messages, showing 3. Use next_cursor for more results. Whole thread: GET /threads/{channel_id}/{thread_ts}. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.',
      response_metadata: { next_cursor: expect.stringMatching(/^as1\./) },
    });
    expect(calls('search.messages')).toEqual([`search.messages ${T.labs}`]);
    // The next page stays in that workspace.
    const next = (res.body.response_metadata as { next_cursor: string }).next_cursor;
    const page2 = await get(
      h.app,
      `/search/messages?query=rollout&workspace=${T.labs}&count=3&cursor=${next}`,
    );
    expect((page2.body.messages as { matches: { ts: string }[] }).matches.map((m) => m.ts)).toEqual([
      gridTs(40),
      gridTs(30),
      gridTs(20),
    ]);
  });

  it('workspace by name, in any case; a domain, id or name it cannot read is a 404 naming those it can', async () => {
    const byName = await get(h.app, '/search/messages?query=tuesday&workspace=grid%20hq');
    expect((byName.body.messages as { matches: { text: string }[] }).matches.map((m) => m.text)).toEqual([
      'HQ rollout starts *Tuesday*',
    ]);
    expect(calls('search.messages')).toEqual([`search.messages ${T.hq}`]);
    for (const [value, shown] of [
      [T.sales, `"${T.sales}"`],
      ['Grid Sales', '"Grid Sales"'],
      ['side-project', '"side-project"'],
    ]) {
      const res = await get(h.app, `/search/messages?query=rollout&workspace=${encodeURIComponent(value)}`);
      expect(res.body).toEqual(
        errorBody(
          404,
          'AS_ERR_UNKNOWN_WORKSPACE',
          `No workspace ${shown} among those you can read: ${HQ}, ${LABS}${NOT_LISTED}`,
        ),
      );
    }
  });

  it('no workspace: every workspace the token reads, in one answer naming each match’s', async () => {
    const res = await get(h.app, '/search/messages?query=tuesday');
    expect(res.body).toEqual({
      ok: true,
      query: 'tuesday',
      backend: 'search.messages',
      semantic: false,
      messages: {
        total: 1,
        matches: [
          {
            channel_id: C.hqGeneral,
            channel_name: 'hq-general',
            user_id: U.ana,
            username: 'ana',
            ts: gridTs(10),
            text: 'HQ rollout starts *Tuesday*',
            permalink: link('https://gridcorp-hq.slack.com', C.hqGeneral, gridTs(10)),
            user_name: 'ana',
            workspace: 'Grid HQ',
          },
        ],
      },
      summary:
        'Found 1 message. Searched 2 workspaces (Grid HQ and Grid Labs): totals are their sum, and each match names its workspace. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.',
    });
    const compact = await h.app.inject({
      url: '/search/messages?query=tuesday&response_format=compact',
      headers: authHeaders(),
    });
    expect(compact.body.split('\n')[0]).toBe(
      'Found 1 message. Searched 2 workspaces (Grid HQ and Grid Labs): totals are their sum, and each match names its workspace. Around a match: GET /messages/context?url=<permalink>.',
    );
  });

  it('auth.test naming the organisation in team_id, null there, or nothing there: the same answer', async () => {
    const org = h.slack.organisation ?? createGridOrganisation();
    for (const setting of ['null', 'absent'] as const) {
      org.orgTokenTeamId = setting;
      const fresh = await buildHarness({ slack: h.slack, config: { SLACK_USER_TOKEN: K.orgAna } });
      try {
        const res = await get(fresh.app, `/search/messages?query=tuesday&workspace=${T.hq}`);
        expect([res.status, (res.body.messages as { total: number }).total]).toEqual([200, 1]);
      } finally {
        await fresh.close();
      }
    }
    org.orgTokenTeamId = undefined;
  });
});

describe('reads by id need no workspace with an org-wide token (ids are org-wide)', () => {
  it('a thread of the shared channel, replies from both workspaces named', async () => {
    const res = await get(h.app, `/threads/${C.launchShared}/${gridTs(40)}`);
    const reply = (user: string, name: string, minutes: number, text: string) => ({
      user_id: user,
      ts: gridTs(minutes),
      text,
      is_parent: false,
      user_name: name,
      permalink: link(ORG_URL, C.launchShared, gridTs(minutes), gridTs(40)),
      thread_ts: gridTs(40),
      parent_user_id: U.ana,
    });
    expect(res.body).toEqual({
      ok: true,
      messages: [
        {
          user_id: U.ana,
          ts: gridTs(40),
          text: 'Shared launch rollout checklist, both workspaces please',
          is_parent: true,
          user_name: 'ana',
          permalink: link(ORG_URL, C.launchShared, gridTs(40)),
          thread_ts: gridTs(40),
          reply_count: 2,
        },
        reply(U.ben, 'ben', 50, 'HQ is ready for the rollout'),
        reply(U.chloe, 'chloe', 60, 'Labs is ready for the rollout too'),
      ],
      has_more: false,
      summary: 'Found 3 messages in thread.',
    });
    expect(calls().filter((m) => m.includes(' '))).toEqual([]);
  });

  it('a message link on a workspace host, and a file, read with the org token', async () => {
    const url = encodeURIComponent(link(LABS_URL, C.labsGeneral, gridTs(20)));
    const context = await get(h.app, `/messages/context?url=${url}&before=0&after=0`);
    expect(context.body).toEqual({
      ok: true,
      channel_id: C.labsGeneral,
      channel_name: 'labs-general',
      before: [],
      message: {
        user_id: U.chloe,
        user_name: 'chloe',
        ts: gridTs(20),
        text: 'Labs rollout of the new model is green',
        permalink: link(ORG_URL, C.labsGeneral, gridTs(20)),
      },
      after: [],
      summary:
        'The message by @chloe at 2026-03-09 10:20 UTC in #labs-general, with 0 messages before it and 0 after, oldest first.',
    });
    const file = await get(h.app, `/files/${GRID.files.labsNotes}`);
    expect(file.body).toEqual({
      ok: true,
      file: {
        file_id: GRID.files.labsNotes,
        title: 'Labs rollout notes',
        name: 'labs-rollout-notes.txt',
        file_type: 'text',
        kind: 'snippets',
        mimetype: 'text/plain',
        size: 43,
        user_id: U.chloe,
        user_name: 'chloe',
        created: '2026-03-09T10:25:00Z',
        permalink: `${LABS_URL}/files/${U.chloe}/${GRID.files.labsNotes}/labs-rollout-notes.txt`,
      },
      text: 'Rollout notes: model v2 to 10% on Tuesday.\n',
      text_format: 'text',
      text_chars: 43,
      offset: 0,
      truncated: false,
      summary: 'Read Plain Text "Labs rollout notes" by @chloe: 43 B of text as 43 characters of text.',
    });
  });

  it('a channel by #name is looked up in each workspace in turn: #labs-general is in the second', async () => {
    const res = await get(h.app, '/channels/%23labs-general/history?limit=1');
    expect(res.body).toEqual({
      ok: true,
      channel_id: C.labsGeneral,
      channel_name: 'labs-general',
      messages: [
        {
          user_id: U.gia,
          user_name: 'gia',
          ts: gridTs(30),
          text: 'guest question: when is the rollout demo?',
          permalink: link(ORG_URL, C.labsGeneral, gridTs(30)),
        },
      ],
      has_more: true,
      summary: '1 message from #labs-general at 2026-03-09 10:30 UTC. Use next_cursor for older messages.',
      response_metadata: { next_cursor: expect.any(String) },
    });
    expect(calls('conversations.list')).toContain(`conversations.list ${T.labs}`);
    const named = await get(h.app, `/channels/%23labs-general/history?limit=1&workspace=${T.hq}`);
    expect(named.body).toEqual(
      errorBody(
        404,
        'AS_ERR_SLACK_NOT_FOUND',
        'Slack: no channel named #labs-general that this Slack token can see',
      ),
    );
  });
});

describe('the directory searches with workspace', () => {
  it('files, channels, people and user groups of Grid Labs', async () => {
    const files = await get(h.app, `/search/files?query=rollout&workspace=${T.labs}`);
    expect(files.body).toEqual({
      ok: true,
      query: 'rollout',
      backend: 'legacy',
      files: {
        total: 2,
        matches: [
          {
            file_id: GRID.files.labsNotes,
            title: 'Labs rollout notes',
            file_type: 'text',
            kind: 'snippets',
            user_id: U.chloe,
            user_name: 'chloe',
            created: '2026-03-09T10:25:00Z',
            permalink: `${LABS_URL}/files/${U.chloe}/${GRID.files.labsNotes}/labs-rollout-notes.txt`,
            preview: 'Rollout notes: model v2 to 10% on Tuesday.',
          },
          {
            file_id: GRID.files.launchBrief,
            title: 'Launch brief',
            file_type: 'quip',
            kind: 'canvases',
            user_id: U.ana,
            user_name: 'ana',
            created: '2026-03-09T10:45:00Z',
            permalink: `${LABS_URL}/docs/${T.labs}/${GRID.files.launchBrief}`,
          },
        ],
      },
      summary: 'Found 2 files. Read one: GET /files/{file_id}.',
    });
    const channels = await get(h.app, '/search/channels?query=launch&workspace=Grid%20Labs');
    expect(channels.body).toEqual({
      ok: true,
      query: 'launch',
      backend: 'legacy',
      channels: [
        {
          channel_id: C.launchShared,
          name: 'launch-shared',
          topic: 'One launch, two workspaces',
          purpose: '',
          is_private: false,
          is_archived: false,
          permalink: `${ORG_URL}/archives/${C.launchShared}`,
          num_members: 3,
        },
      ],
      summary:
        'Found 1 channel. Searched all 3 channels you can see. Its messages: GET /channels/{channel_id}/history. Search in one: GET /search/messages?channel_ids={channel_id}&query=….',
      searched: { entries: 3, complete: true },
    });
    const people = await get(h.app, `/search/users?query=chloe&workspace=${T.labs}`);
    expect(people.body).toEqual({
      ok: true,
      query: 'chloe',
      backend: 'legacy',
      users: [
        {
          user_id: U.chloe,
          name: 'chloe',
          real_name: 'Chloe Kim',
          title: 'ML Engineer',
          is_bot: false,
          permalink: `${ORG_URL}/team/${U.chloe}`,
          display_name: 'chloe',
          tz: 'Europe/London',
        },
      ],
      summary:
        'Found 1 person. Searched all 3 people you can see. Their messages: GET /search/messages?from_users={user_id}&query=….',
      searched: { entries: 3, complete: true },
    });
    const groups = await get(h.app, `/search/usergroups?query=ml&workspace=${T.labs}`);
    expect(groups.body).toEqual({
      ok: true,
      usergroups: [GROUPS.labsMl],
      summary:
        "Found 1 user group. A member's messages: GET /search/messages?from_users={user_id}&query=…. Who they are: GET /search/users?query={user_name}.",
      query: 'ml',
    });
    expect(calls().filter((m) => m.includes(' '))).toEqual([
      `search.files ${T.labs}`,
      `conversations.list ${T.labs}`,
      `users.list ${T.labs}`,
      `usergroups.list ${T.labs}`,
    ]);
  });

  it('each workspace keeps its own directory: Grid HQ lists other people than Grid Labs', async () => {
    const names = async (query: string, workspace: string) =>
      (
        (await get(h.app, `/search/users?query=${query}&workspace=${workspace}`)).body.users as {
          name: string;
        }[]
      ).map((u) => u.name);
    expect([await names('ben', T.hq), await names('ben', T.labs)]).toEqual([['ben'], []]);
    expect([await names('chloe', T.labs), await names('chloe', T.hq)]).toEqual([['chloe'], []]);
  });
});
