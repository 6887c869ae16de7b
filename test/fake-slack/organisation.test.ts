import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createGridOrganisation,
  createSideWorkspace,
  DEMO_USER_TOKEN,
  type FakeSlack,
  GRID,
  gridTs,
  startFakeSlack,
} from '../../fake-slack/index.js';

// The fake's Enterprise Grid organisation (Grid Corp: Grid HQ and Grid Labs approved, Grid Sales not) beside
// the demo workspace and Side Project, in Slack's documented shapes: org-wide and workspace tokens, team_id
// required with an org token, a shared channel, a person in two workspaces, a Slack Connect person.

const { teams: T, users: U, channels: C, tokens: K } = GRID;
let fake: FakeSlack;
const grid = () => fake.organisation ?? createGridOrganisation();
const client = (token: string) =>
  new WebClient(token, { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
type Body = { [key: string]: unknown; response_metadata?: unknown };
const call = async (token: string, method: string, args: Record<string, unknown> = {}): Promise<Body> => ({
  ...(await client(token).apiCall(method, args)),
});
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (e: { data: { error: string } }) => e.data.error,
  );
const strip = <T extends { response_metadata?: unknown }>({ response_metadata: _, ...rest }: T) => rest;

beforeAll(async () => {
  fake = await startFakeSlack({
    organisation: createGridOrganisation(),
    workspaces: [createSideWorkspace()],
  });
});
beforeEach(() => {
  grid().orgTokenTeamId = undefined;
  grid().teamsListAll = undefined;
  fake.reset();
});
afterAll(() => fake.close());

describe('auth.test', () => {
  it('an org-wide token names the organisation, its URL and is_enterprise_install', async () => {
    const org = {
      ok: true,
      url: 'https://gridcorp.enterprise.slack.com/',
      team: 'Grid Corp',
      user: 'ana',
      user_id: U.ana,
      enterprise_id: 'E07GRIDCO',
      is_enterprise_install: true,
    };
    expect(strip(await client(K.orgAna).auth.test())).toEqual({ ...org, team_id: 'E07GRIDCO' });
    grid().orgTokenTeamId = 'null';
    expect(strip(await client(K.orgAna).auth.test())).toEqual({ ...org, team_id: null });
    grid().orgTokenTeamId = 'absent';
    expect(strip(await client(K.orgAna).auth.test())).toEqual(org);
  });

  it('a workspace token of the organisation names its workspace and the organisation', async () => {
    expect(strip(await client(K.hqAna).auth.test())).toEqual({
      ok: true,
      url: 'https://gridcorp-hq.slack.com/',
      team: 'Grid HQ',
      user: 'ana',
      team_id: T.hq,
      user_id: U.ana,
      enterprise_id: 'E07GRIDCO',
      is_enterprise_install: false,
    });
  });

  it('Side Project and the demo workspace answer beside the organisation, as before', async () => {
    expect(strip(await client(K.sideAna).auth.test())).toEqual({
      ok: true,
      url: 'https://side-project.slack.com/',
      team: 'Side Project',
      user: 'ana',
      team_id: T.side,
      user_id: U.sideAna,
      is_enterprise_install: false,
    });
    expect(strip(await client(DEMO_USER_TOKEN).auth.test())).toMatchObject({ team_id: 'T07ACMEDMO' });
  });
});

describe('auth.teams.list', () => {
  it('lists the approved workspaces the person belongs to, paged by cursor', async () => {
    expect(strip(await call(K.orgAna, 'auth.teams.list'))).toEqual({
      ok: true,
      teams: [
        { id: T.hq, name: 'Grid HQ' },
        { id: T.labs, name: 'Grid Labs' },
      ],
    });
    const first = await call(K.orgAna, 'auth.teams.list', { limit: 1 });
    const next = (first.response_metadata as { next_cursor: string }).next_cursor;
    expect(first.teams).toEqual([{ id: T.hq, name: 'Grid HQ' }]);
    expect(next).not.toBe('');
    const second = await call(K.orgAna, 'auth.teams.list', { limit: 1, cursor: next });
    expect(second.teams).toEqual([{ id: T.labs, name: 'Grid Labs' }]);
    expect(second.response_metadata).toMatchObject({ next_cursor: '' });
    expect(await errorOf(call(K.orgAna, 'auth.teams.list', { limit: 0 }))).toBe('invalid_limit');
    expect(await errorOf(call(K.orgAna, 'auth.teams.list', { cursor: 'bm9wZQ==' }))).toBe('invalid_cursor');
  });

  it('Ben (Grid HQ only), Dev (Grid Sales, not approved), teamsListAll, icons and a workspace token', async () => {
    expect((await call(K.orgBen, 'auth.teams.list')).teams).toEqual([{ id: T.hq, name: 'Grid HQ' }]);
    expect((await call(K.orgDev, 'auth.teams.list')).teams).toEqual([]);
    grid().teamsListAll = true;
    expect((await call(K.orgBen, 'auth.teams.list')).teams).toEqual([
      { id: T.hq, name: 'Grid HQ' },
      { id: T.labs, name: 'Grid Labs' },
    ]);
    const icon = (size: number) => `https://avatars.slack-edge.example/${T.labs}/icon_${size}.png`;
    expect((await call(K.labsChloe, 'auth.teams.list', { include_icon: true })).teams).toEqual([
      {
        id: T.labs,
        name: 'Grid Labs',
        icon: {
          image_34: icon(34),
          image_44: icon(44),
          image_68: icon(68),
          image_88: icon(88),
          image_102: icon(102),
          image_132: icon(132),
          image_230: icon(230),
          image_default: false,
        },
      },
    ]);
  });
});

describe('team_id with an org token', () => {
  const methods: [string, Record<string, unknown>][] = [
    ['search.messages', { query: 'rollout' }],
    ['search.files', { query: 'rollout' }],
    ['conversations.list', {}],
    ['users.list', {}],
    ['users.conversations', {}],
    ['usergroups.list', {}],
    ['usergroups.users.list', { usergroup: GRID.usergroups.hqOps }],
  ];

  it('is required (missing_argument), and a workspace the token may not read is team_access_not_granted', async () => {
    for (const [method, args] of methods) {
      expect([method, await errorOf(call(K.orgAna, method, args))]).toEqual([method, 'missing_argument']);
      expect([method, await errorOf(call(K.orgAna, method, { ...args, team_id: T.sales }))]).toEqual([
        method,
        'team_access_not_granted',
      ]);
      expect([method, await errorOf(call(K.orgBen, method, { ...args, team_id: T.labs }))]).toEqual([
        method,
        'team_access_not_granted',
      ]);
      expect([method, await errorOf(call(K.orgAna, method, { ...args, team_id: T.hq }))]).toEqual([
        method,
        'ok',
      ]);
      // A workspace token needs none, and Slack ignores one it is sent.
      expect([method, await errorOf(call(K.hqAna, method, args))]).toEqual([method, 'ok']);
      expect([method, await errorOf(call(K.hqAna, method, { ...args, team_id: T.labs }))]).toEqual([
        method,
        'ok',
      ]);
    }
    expect(await errorOf(call(K.orgDev, 'users.list', { team_id: T.sales }))).toBe('team_access_not_granted');
  });

  it('methods whose ids are org-wide take none', async () => {
    for (const [method, args] of [
      ['conversations.history', { channel: C.labsGeneral }],
      ['conversations.replies', { channel: C.launchShared, ts: gridTs(40) }],
      ['conversations.info', { channel: C.launchShared }],
      ['users.info', { user: U.chloe }],
      ['files.info', { file: GRID.files.labsNotes }],
      ['chat.getPermalink', { channel: C.hqGeneral, message_ts: gridTs(0) }],
      ['assistant.search.context', { query: 'rollout' }],
      ['assistant.search.info', {}],
    ] as const) {
      expect([method, await errorOf(call(K.orgAna, method, args))]).toEqual([method, 'ok']);
    }
  });
});

describe('one organisation, several workspaces', () => {
  const matchesOf = async (token: string, args: Record<string, unknown>) => {
    const body = await client(token).search.messages({ query: 'rollout', count: 100, ...args });
    return body.messages?.matches?.map((m) => [m.team, m.channel?.name, m.user, m.text]);
  };

  it('search.messages reads the workspace team_id names; the shared channel is found in both', async () => {
    expect(await matchesOf(K.orgAna, { team_id: T.labs, sort: 'timestamp' })).toEqual([
      [T.labs, 'labs-secret', U.chloe, 'secret rollout budget approved'],
      [T.labs, 'launch-shared', U.chloe, 'Labs is ready for the rollout too'],
      [T.labs, 'launch-shared', U.ben, 'HQ is ready for the rollout'],
      [T.labs, 'launch-shared', U.ana, 'Shared launch rollout checklist, both workspaces please'],
      [T.labs, 'labs-general', U.gia, 'guest question: when is the rollout demo?'],
      [T.labs, 'labs-general', U.chloe, 'Labs rollout of the new model is green'],
    ]);
    expect(await matchesOf(K.orgAna, { team_id: T.hq, sort: 'timestamp' })).toEqual([
      [T.hq, U.ben, U.ben, 'can you review the rollout doc?'], // an IM is named after the other party
      [T.hq, 'partner-connect', U.ben, 'thanks Pat, see you at the rollout'],
      [T.hq, 'partner-connect', U.pat, 'Partner side rollout confirmed'],
      [T.hq, 'launch-shared', U.chloe, 'Labs is ready for the rollout too'],
      [T.hq, 'launch-shared', U.ben, 'HQ is ready for the rollout'],
      [T.hq, 'launch-shared', U.ana, 'Shared launch rollout checklist, both workspaces please'],
      [T.hq, 'hq-general', U.ana, 'HQ rollout starts Tuesday'],
      [T.hq, 'hq-general', U.ben, 'HQ rollout plan is in the doc'],
    ]);
    // Chloe's workspace token reads Grid Labs only, whatever team_id says; Side Project is another Slack world.
    expect((await matchesOf(K.labsChloe, { team_id: T.hq }))?.map((m) => m[0])).toEqual(
      Array(6).fill(T.labs),
    );
    expect(await matchesOf(K.sideAna, { sort: 'timestamp' })).toEqual([
      [T.side, 'general', U.sideAna, 'rollout notes for the side project are up'],
      [T.side, 'general', U.sideOmar, 'side project rollout tonight'],
    ]);
  });

  it('a shared channel: one id, is_shared and is_org_shared, the workspaces it is in, read where the reader is', async () => {
    const info = (await client(K.orgAna).conversations.info({ channel: C.launchShared })).channel;
    const creator = { creator: U.ana, last_set: 1767225600 };
    expect(info).toEqual({
      id: C.launchShared,
      name: 'launch-shared',
      is_channel: true,
      is_group: false,
      is_im: false,
      is_mpim: false,
      is_private: false,
      created: 1767225600,
      is_archived: false,
      is_general: false,
      unlinked: 0,
      name_normalized: 'launch-shared',
      is_shared: true,
      is_org_shared: true,
      is_ext_shared: false,
      is_pending_ext_shared: false,
      pending_shared: [],
      is_frozen: false,
      context_team_id: T.hq,
      updated: 1767225600000,
      parent_conversation: null,
      creator: U.ana,
      shared_team_ids: [T.hq, T.labs],
      conversation_host_id: T.hq,
      internal_team_ids: [T.hq, T.labs],
      pending_connected_team_ids: [],
      is_member: true,
      topic: { value: 'One launch, two workspaces', ...creator },
      purpose: { value: '', ...creator },
      previous_names: [],
    });
    // Chloe reads it in Grid Labs; the Slack Connect channel names Partner Co's workspace.
    expect((await client(K.labsChloe).conversations.info({ channel: C.launchShared })).channel).toMatchObject(
      {
        context_team_id: T.labs,
      },
    );
    expect((await client(K.orgBen).conversations.info({ channel: C.partnerConnect })).channel).toMatchObject({
      is_shared: true,
      is_org_shared: false,
      is_ext_shared: true,
      shared_team_ids: [T.hq, T.partner],
      conversation_host_id: T.hq,
      internal_team_ids: [T.hq],
      connected_team_ids: [T.partner],
    });
  });

  it('conversations.list, users.list, users.conversations and usergroups.list list the workspace team_id names', async () => {
    const names = async (token: string, teamId: string) => ({
      channels: (
        await client(token).conversations.list({
          team_id: teamId,
          types: 'public_channel,private_channel,im',
        })
      ).channels?.map((c) => c.name ?? c.id),
      people: (await client(token).users.list({ team_id: teamId })).members?.map((m) => m.name),
      mine: (await client(token).users.conversations({ team_id: teamId })).channels?.map((c) => c.name),
      groups: (await client(token).usergroups.list({ team_id: teamId })).usergroups?.map((g) => g.handle),
    });
    expect(await names(K.orgAna, T.hq)).toEqual({
      channels: ['hq-general', 'launch-shared', 'partner-connect', C.dmAnaBen],
      people: ['ana', 'ben'],
      mine: ['hq-general', 'launch-shared', 'partner-connect'],
      groups: ['hq-ops'],
    });
    expect(await names(K.orgAna, T.labs)).toEqual({
      channels: ['labs-general', 'launch-shared', 'labs-secret'],
      people: ['ana', 'chloe', 'gia'],
      mine: ['labs-general', 'launch-shared'],
      groups: ['labs-ml'],
    });
    // A guest of Grid Labs sees only the people Slack shows them.
    expect((await client(K.orgGia).users.list({ team_id: T.labs })).members?.map((m) => m.name)).toEqual([
      'chloe',
      'gia',
    ]);
  });

  it('people: one W… id across workspaces with enterprise_user.teams; a Slack Connect person keeps their own team', async () => {
    const image = (id: string, team: string, hash: string) => (size: number) =>
      `https://avatars.slack-edge.example/${team}/${id}/${hash}_${size}.png`;
    const ana = (await client(K.orgBen).users.info({ user: U.ana })).user;
    const img = image(U.ana, T.hq, ana?.profile?.avatar_hash ?? '');
    expect(ana).toEqual({
      id: U.ana,
      team_id: T.hq,
      name: 'ana',
      deleted: false,
      color: ana?.color,
      real_name: 'Ana Silva',
      tz: 'Europe/London',
      tz_label: 'Greenwich Mean Time',
      tz_offset: 0,
      profile: {
        title: 'Launch Lead',
        phone: '',
        skype: '',
        real_name: 'Ana Silva',
        real_name_normalized: 'Ana Silva',
        display_name: 'ana',
        display_name_normalized: 'ana',
        fields: null,
        status_text: '',
        status_emoji: '',
        status_expiration: 0,
        avatar_hash: ana?.profile?.avatar_hash,
        email: 'ana.silva@example.com',
        first_name: 'Ana',
        last_name: 'Silva',
        image_24: img(24),
        image_32: img(32),
        image_48: img(48),
        image_72: img(72),
        image_192: img(192),
        image_512: img(512),
        team: T.hq,
      },
      is_admin: false,
      is_owner: false,
      is_primary_owner: false,
      is_restricted: false,
      is_ultra_restricted: false,
      is_bot: false,
      is_app_user: false,
      enterprise_user: {
        id: U.ana,
        enterprise_id: 'E07GRIDCO',
        enterprise_name: 'Grid Corp',
        is_admin: false,
        is_owner: false,
        teams: [T.hq, T.labs],
      },
      updated: 1767225600,
      has_2fa: false,
    });
    // Chloe is not in Grid HQ, yet Ben's tokens (org-wide or Grid HQ's) read her by her org-wide id.
    expect((await client(K.orgBen).users.info({ user: U.chloe })).user).toMatchObject({
      team_id: T.labs,
      enterprise_user: { teams: [T.labs] },
    });
    expect((await client(K.hqAna).users.info({ user: U.chloe })).user?.team_id).toBe(T.labs);
    const pat = (await client(K.orgBen).users.info({ user: U.pat })).user;
    expect([pat?.team_id, pat?.profile?.team, pat?.profile?.email, 'enterprise_user' in (pat ?? {})]).toEqual(
      [T.partner, T.partner, 'pat@partner-co.example.com', false],
    );
    // The same human's other account, in a workspace outside the organisation.
    expect((await client(K.sideAna).users.info({ user: U.sideAna })).user).toMatchObject({
      team_id: T.side,
      profile: { email: 'ana.silva@example.com' },
    });
    expect(await errorOf(client(K.sideAna).users.info({ user: U.ana }))).toBe('user_not_found');
  });

  it('a thread in the shared channel: replies from both workspaces, each message naming its author’s team', async () => {
    const replies = await client(K.orgBen).conversations.replies({ channel: C.launchShared, ts: gridTs(40) });
    expect(replies.messages?.map((m) => [m.user, m.team, m.text])).toEqual([
      [U.ana, T.hq, 'Shared launch rollout checklist, both workspaces please'],
      [U.ben, T.hq, 'HQ is ready for the rollout'],
      [U.chloe, T.labs, 'Labs is ready for the rollout too'],
    ]);
    expect(await errorOf(client(K.orgBen).conversations.history({ channel: C.labsGeneral }))).toBe(
      'channel_not_found',
    );
  });

  it('Real-time Search with an org token takes no team_id: one answer, each result names its team_id', async () => {
    const body = await call(K.orgAna, 'assistant.search.context', {
      query: 'rollout',
      channel_types: 'public_channel,private_channel',
      sort: 'timestamp',
    });
    const results = (body.results as { messages: Record<string, string>[] }).messages;
    expect(results.map((r) => [r.team_id, r.channel_name, r.author_user_id])).toEqual([
      [T.labs, 'labs-secret', U.chloe],
      [T.hq, 'partner-connect', U.ben],
      [T.hq, 'partner-connect', U.pat],
      [T.hq, 'launch-shared', U.chloe],
      [T.hq, 'launch-shared', U.ben],
      [T.hq, 'launch-shared', U.ana],
      [T.labs, 'labs-general', U.gia],
      [T.labs, 'labs-general', U.chloe],
      [T.hq, 'hq-general', U.ana],
      [T.hq, 'hq-general', U.ben],
    ]);
    expect(results[0]).toEqual({
      author_name: 'Chloe Kim',
      author_user_id: U.chloe,
      team_id: T.labs,
      channel_id: C.labsSecret,
      channel_name: 'labs-secret',
      message_ts: gridTs(90),
      content: 'secret rollout budget approved',
      is_author_bot: false,
      permalink: `https://gridcorp-labs.slack.com/archives/${C.labsSecret}/p${gridTs(90).replace('.', '')}`,
    });
  });

  it('files: found with team_id, read by id, downloaded with the org token', async () => {
    const found = await client(K.orgAna).search.files({ query: 'rollout', team_id: T.labs });
    expect(found.files?.matches?.map((f) => [f.id, f.user_team, f.permalink])).toEqual([
      [
        GRID.files.labsNotes,
        T.labs,
        `https://gridcorp-labs.slack.com/files/${U.chloe}/F07LABNOTE/labs-rollout-notes.txt`,
      ],
      // Ana belongs to Grid Labs too: seen from there, that is her team.
      [GRID.files.launchBrief, T.labs, `https://gridcorp-labs.slack.com/docs/${T.labs}/F07LAUNCHB`],
    ]);
    const file = (await client(K.orgAna).files.info({ file: GRID.files.labsNotes })).file;
    const url = file?.url_private_download ?? '';
    expect(url).toBe(
      `${fake.url.replace('/api/', '')}/files-pri/${T.labs}-F07LABNOTE/download/labs-rollout-notes.txt`,
    );
    const download = await fetch(url, { headers: { authorization: `Bearer ${K.orgAna}` } });
    expect([download.status, await download.text()]).toEqual([
      200,
      'Rollout notes: model v2 to 10% on Tuesday.\n',
    ]);
    const refused = await fetch(url, { headers: { authorization: `Bearer ${K.orgBen}` } });
    expect(refused.status).toBe(403);
  });

  it('rate limits are per workspace: an org token draws on the workspace it reads', async () => {
    const limited = await startFakeSlack({
      organisation: createGridOrganisation(),
      rateLimits: { 'users.list': { limit: 1, windowMs: 60_000 } },
    });
    try {
      const slack = new WebClient(K.orgAna, {
        slackApiUrl: limited.url,
        retryConfig: { retries: 0 },
        rejectRateLimitedCalls: true,
      });
      const outcome = (teamId: string) =>
        slack.users.list({ team_id: teamId }).then(
          () => 'ok',
          (e: { code: string }) => e.code,
        );
      expect([await outcome(T.hq), await outcome(T.labs), await outcome(T.hq)]).toEqual([
        'ok',
        'ok',
        'slack_webapi_rate_limited_error',
      ]);
    } finally {
      await limited.close();
    }
  });
});
