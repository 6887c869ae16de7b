import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGridOrganisation, GRID, gridTs } from '../../fake-slack/index.js';
import { loadApiTokens } from '../../src/access/api-tokens.js';
import { authHeaders, buildHarness, errorBody, get, type Harness } from '../helper.js';

// Who reads which workspace: API clients limited to some (API_TOKENS_FILE `workspaces`), X-Slack-Token as an
// org-wide or a workspace token, names across the organisation, and the refusals Enterprise Grid imposes.

const { teams: T, users: U, channels: C, tokens: K } = GRID;
const HQ = 'Grid HQ (T07GRIDHQ)';
const LABS = 'Grid Labs (T07GRIDLAB)';
const HQ_ONLY = 'hq-only-token-5d1c';
const LABS_ONLY = 'labs-only-token-8e2a';
const BOTH = 'hq-and-labs-token-3f9b';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const as = (token: string, slackToken?: string) => ({
  authorization: `Bearer ${token}`,
  ...(slackToken ? { 'x-slack-token': slackToken } : {}),
});

let h: Harness;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'grid-access-'));
  const file = join(dir, 'tokens.json');
  writeFileSync(
    file,
    JSON.stringify([
      { name: 'hq-bot', sha256: sha(HQ_ONLY), projects: '*', workspaces: [T.hq] },
      { name: 'labs-bot', sha256: sha(LABS_ONLY), projects: '*', workspaces: ['grid labs'] },
      { name: 'grid-bot', sha256: sha(BOTH), projects: '*', workspaces: [T.hq, 'grid labs'] },
    ]),
  );
  h = await buildHarness({
    fake: { organisation: createGridOrganisation() },
    config: { SLACK_USER_TOKEN: K.orgAna, API_TOKENS_FILE: file },
  });
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => h.slack.reset());

const texts = (body: Record<string, unknown>) =>
  (body.messages as { matches: { text: string }[] }).matches.map((m) => m.text);
const searchedIn = () =>
  h.slack.calls
    .filter((c) => c.method === 'search.messages' && c.params.team_id)
    .map((c) => c.params.team_id);

describe('an API client limited to some workspaces (API_TOKENS_FILE "workspaces")', () => {
  it('reads its own: 403 naming the workspace asked and those it may read', async () => {
    const refused = await get(h.app, `/search/messages?query=rollout&workspace=${T.labs}`, as(HQ_ONLY));
    expect(refused.body).toEqual(
      errorBody(
        403,
        'AS_ERR_WORKSPACE_NOT_ALLOWED',
        `This API token may not read workspace ${LABS}: it may read ${HQ}`,
      ),
    );
    const byName = await get(h.app, '/search/messages?query=rollout&workspace=Grid%20HQ', as(LABS_ONLY));
    expect(byName.body).toEqual(
      errorBody(
        403,
        'AS_ERR_WORKSPACE_NOT_ALLOWED',
        `This API token may not read workspace ${HQ}: it may read ${LABS}`,
      ),
    );
  });

  it('without workspace, reads the workspace it may read (no note: there is no other for it)', async () => {
    const hq = await get(h.app, '/search/messages?query=tuesday', as(HQ_ONLY));
    expect([texts(hq.body), hq.body.summary]).toEqual([
      ['HQ rollout starts *Tuesday*'],
      'Found 1 message. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.',
    ]);
    const labs = await get(h.app, '/search/messages?query=green', as(LABS_ONLY));
    expect(texts(labs.body)).toEqual(['Labs rollout of the new model is *green*']);
    expect(searchedIn()).toEqual([T.hq, T.labs]);
  });

  it('reads by id only what is in its workspaces: a conversation, a link or a file of another is a 403', async () => {
    const outside = (what: string) =>
      errorBody(
        403,
        'AS_ERR_WORKSPACE_NOT_ALLOWED',
        `This API token may not read workspace ${T.labs} (${what}): it may read ${HQ}`,
      );
    const history = (channel: string, token = HQ_ONLY) =>
      get(h.app, `/channels/${channel}/history?limit=1`, as(token));
    expect((await history(C.labsGeneral)).body).toEqual(outside(C.labsGeneral));
    expect((await history(C.labsGeneral, LABS_ONLY)).status).toBe(200);
    // A channel shared between Grid HQ and Grid Labs is in both.
    expect((await history(C.launchShared)).status).toBe(200);
    expect((await history(C.hqGeneral)).status).toBe(200);
    // Naming a workspace it may read changes nothing: ids are org-wide.
    const named = await get(
      h.app,
      `/channels/${C.labsGeneral}/history?limit=1&workspace=${T.hq}`,
      as(HQ_ONLY),
    );
    expect(named.body).toEqual(outside(C.labsGeneral));
    const link = `https://gridcorp-labs.slack.com/archives/${C.labsGeneral}/p${gridTs(20).replace('.', '')}`;
    const context = await get(h.app, `/messages/context?url=${encodeURIComponent(link)}`, as(HQ_ONLY));
    expect(context.body).toEqual(outside(C.labsGeneral));
    const file = await get(h.app, `/files/${GRID.files.labsNotes}`, as(HQ_ONLY));
    expect(file.body).toEqual(outside(`file ${GRID.files.labsNotes}`));
    expect((await get(h.app, `/files/${GRID.files.launchBrief}`, as(HQ_ONLY))).status).toBe(200);
    // Nothing of Grid Labs was read for the refused ones.
    expect(
      h.slack.calls.filter((c) => c.method === 'conversations.history').map((c) => c.params.channel),
    ).toEqual([C.labsGeneral, C.launchShared, C.hqGeneral]);
  });

  it('limited to two workspaces, a search without workspace merges both, and only those', async () => {
    const res = await get(h.app, '/search/messages?query=rollout&count=1', as(BOTH));
    expect(res.status).toBe(200);
    expect(String(res.body.summary)).toContain(
      'Searched 2 workspaces (Grid HQ and Grid Labs): totals are their sum, and each match names its workspace.',
    );
    expect(searchedIn().sort()).toEqual([T.hq, T.labs]);
  });

  it('an API token with no limit reads every workspace the Slack token reads', async () => {
    const res = await get(h.app, `/search/messages?query=green&workspace=${T.labs}`, authHeaders());
    expect(texts(res.body)).toEqual(['Labs rollout of the new model is *green*']);
  });

  it('the file is validated as its other fields are: a bad workspaces list fails at start, naming it', () => {
    const write = (entry: Record<string, unknown>) => {
      const file = join(dir, 'bad.json');
      writeFileSync(file, JSON.stringify([{ name: 'x', sha256: sha('x'), projects: '*', ...entry }]));
      return () => loadApiTokens('', file, 'secret');
    };
    expect(write({ workspaces: [] })).toThrow('Invalid configuration: API_TOKENS_FILE /0/workspaces');
    expect(write({ workspaces: [''] })).toThrow('Invalid configuration: API_TOKENS_FILE /0/workspaces/0');
    expect(write({ workspaces: 'T07GRIDHQ' })).toThrow(
      'Invalid configuration: API_TOKENS_FILE /0/workspaces',
    );
    const [record] = write({ workspaces: ['T1', 'acme'] })();
    expect(record?.client.workspaces).toEqual(['T1', 'acme']);
  });
});

describe('X-Slack-Token: org-wide and workspace tokens', () => {
  it("Ben's org-wide token reads people of another workspace and a Slack Connect person by name", async () => {
    const shared = await get(
      h.app,
      `/threads/${C.launchShared}/${gridTs(40)}`,
      authHeaders({ 'x-slack-token': K.orgBen }),
    );
    expect(
      (shared.body.messages as { user_id: string; user_name: string }[]).map((m) => [m.user_id, m.user_name]),
    ).toEqual([
      [U.ana, 'ana'],
      [U.ben, 'ben'],
      [U.chloe, 'chloe'],
    ]);
    const connect = await get(
      h.app,
      `/channels/${C.partnerConnect}/history`,
      authHeaders({ 'x-slack-token': K.orgBen }),
    );
    expect(connect.body).toEqual({
      ok: true,
      channel_id: C.partnerConnect,
      channel_name: 'partner-connect',
      messages: [
        {
          user_id: U.ben,
          user_name: 'ben',
          ts: gridTs(80),
          text: 'thanks Pat, see you at the rollout',
          permalink: `https://gridcorp.enterprise.slack.com/archives/${C.partnerConnect}/p${gridTs(80).replace('.', '')}`,
        },
        {
          user_id: U.pat,
          user_name: 'pat',
          ts: gridTs(70),
          text: 'Partner side rollout confirmed',
          permalink: `https://gridcorp.enterprise.slack.com/archives/${C.partnerConnect}/p${gridTs(70).replace('.', '')}`,
        },
      ],
      has_more: false,
      summary:
        '2 messages from #partner-connect between 2026-03-09 11:10 UTC and 2026-03-09 11:20 UTC, newest first.',
    });
  });

  it('a workspace token reads its own workspace by id or domain; another is a 404 naming its own', async () => {
    const headers = authHeaders({ 'x-slack-token': K.hqAna });
    const own = await get(h.app, '/search/messages?query=tuesday&workspace=gridcorp-hq', headers);
    expect(texts(own.body)).toEqual(['HQ rollout starts *Tuesday*']);
    const other = await get(h.app, `/search/messages?query=tuesday&workspace=${T.labs}`, headers);
    expect(other.body).toEqual(
      errorBody(
        404,
        'AS_ERR_UNKNOWN_WORKSPACE',
        `No workspace "${T.labs}" among those you can read: Grid HQ (T07GRIDHQ, gridcorp-hq)`,
      ),
    );
  });

  it('an org-wide token the app reads no workspace with: 403 saying what the admin does', async () => {
    const res = await get(h.app, '/search/messages?query=deck', authHeaders({ 'x-slack-token': K.orgDev }));
    expect(res.body).toEqual(
      errorBody(
        403,
        'AS_ERR_NO_WORKSPACE',
        'The organisation-wide Slack token (Grid Corp, E07GRIDCO) reads no workspace yet: an admin of the organisation adds the app to the workspaces it may read',
      ),
    );
  });
});

describe('refusals Enterprise Grid imposes, with a workspace named', () => {
  it('enterprise_is_restricted, team_access_not_granted and missing_argument: 403 naming the workspace', async () => {
    const code = 'AS_ERR_SLACK_GRID_RESTRICTED';
    h.slack.inject({ kind: 'error', error: 'enterprise_is_restricted', method: 'usergroups.list' });
    expect((await get(h.app, `/search/usergroups?query=ops&workspace=${T.hq}`)).body).toEqual(
      errorBody(
        403,
        code,
        `Slack does not let usergroups.list be called with this organisation-level token (enterprise_is_restricted; workspace ${T.hq}): use a user token (xoxp-…) of the app installed on the workspace you want to read, or ask an admin of the organisation whether the app is restricted`,
      ),
    );
    h.slack.inject({ kind: 'error', error: 'team_access_not_granted', method: 'search.files' });
    expect((await get(h.app, `/search/files?query=brief&workspace=${T.labs}`)).body).toEqual(
      errorBody(
        403,
        code,
        `Slack has not granted this token the workspace search.files reads (team_access_not_granted; workspace ${T.labs}): an admin of your Enterprise Grid organisation adds the app to that workspace, or read another one with the workspace parameter`,
      ),
    );
    h.slack.inject({ kind: 'error', error: 'missing_argument', method: 'search.messages' });
    expect((await get(h.app, `/search/messages?query=deck&workspace=${T.hq}`)).body).toEqual(
      errorBody(
        403,
        code,
        `Slack needs a workspace (team_id) for search.messages with an organisation-wide token (missing_argument; workspace ${T.hq}): name one with the workspace parameter (its id or name)`,
      ),
    );
    // Once Slack answers again, so do we (nothing refused was kept).
    const again = await get(h.app, `/search/files?query=brief&workspace=${T.labs}`);
    expect([again.status, (again.body.files as { total: number }).total]).toEqual([200, 1]);
  });
});
