import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_OTHER_USER_ID,
  DEMO_TEAM_ID,
  DEMO_USER_ID,
  deliverEvent,
  type FakeSlack,
  GRID,
  tokensRevokedEvent,
} from '../../fake-slack/index.js';
import { NOT_LISTED } from '../grid/grid-words.js';
import { HeadlessBrowser } from './browser.js';
import { SIGNING_SECRET, type SignInReplica, startReplica } from './sign-in-harness.js';
import { signInWithSdk } from './sign-in-steps.js';
import {
  accessesOf,
  addWorkspace,
  callerOf,
  pageOf,
  signedInBrowser,
  startGridSlack,
} from './workspace-steps.js';

// Several workspaces, one person: Ana signs in with her organisation's org-wide install, adds Side Project
// (another Slack, where she has another account) on her page, and the client she approved reads both, each with
// its own Slack token; removing one, or Slack revoking one, leaves the other. Adding is bound to the session
// that asked for it: a forged or crossed attempt adds nothing to anyone.

let slack: FakeSlack;
let replica: SignInReplica;
beforeAll(async () => {
  slack = await startGridSlack();
  replica = await startReplica({ slack });
});
afterAll(async () => {
  await replica?.app.close();
  await slack?.close();
});

const GRID_CORP = {
  id: GRID.enterprise.id,
  name: 'Grid Corp',
  what: 'organisation: every workspace of it that you and this app may read',
  userId: GRID.users.ana,
  reads: 'Grid HQ, Grid Labs',
};
const SIDE_PROJECT = {
  id: GRID.teams.side,
  name: 'Side Project',
  what: 'workspace',
  userId: GRID.users.sideAna,
};

/** The newest token Slack minted for a user: in the organisation (org-wide) or a workspace. */
const newestToken = (userId: string) =>
  [
    ...(slack.organisation?.tokens ?? []),
    ...slack.workspaces.flatMap((w) => w.tokens),
    ...slack.workspace.tokens,
  ]
    .filter((t) => t.userId === userId && /^xoxp-[0-9a-f]{24}$/.test(t.token))
    .at(-1);

/** A message search in one workspace of the caller's, as the bearer of `accessToken`. */
const searchIn = async (accessToken: string, workspace: string) => {
  const res = await fetch(
    `${replica.base}/search/messages?query=rollout&count=2&workspace=${encodeURIComponent(workspace)}`,
    { headers: { authorization: `Bearer ${accessToken}` } },
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const channelsOf = (body: Record<string, unknown>) =>
  ((body.messages as { matches?: Array<{ channel_name: string }> }).matches ?? []).map((m) => m.channel_name);

const SIDE_ROLLOUT = {
  ok: true,
  query: 'rollout',
  backend: 'search.messages',
  semantic: false,
  messages: {
    total: 2,
    matches: [
      {
        channel_id: GRID.channels.sideGeneral,
        channel_name: 'general',
        user_id: GRID.users.sideOmar,
        username: 'omar',
        ts: '1773050700.000100',
        text: 'side project *rollout* tonight',
        permalink: 'https://side-project.slack.com/archives/C0SIDEGEN/p1773050700000100',
        user_name: 'omar',
      },
      {
        channel_id: GRID.channels.sideGeneral,
        channel_name: 'general',
        user_id: GRID.users.sideAna,
        username: 'ana',
        ts: '1773051300.000100',
        text: '*rollout* notes for the side project are up',
        permalink: 'https://side-project.slack.com/archives/C0SIDEGEN/p1773051300000100',
        user_name: 'ana',
      },
    ],
  },
  summary:
    'Found 2 messages. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.',
};

const sideHistory = async (accessToken: string) =>
  (
    await fetch(`${replica.base}/channels/${GRID.channels.sideGeneral}/history?limit=1`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
  ).status;

describe('several workspaces, one person', () => {
  it('Ana adds Side Project on her page: her client reads both; she removes her organisation, Side Project stays; then the last', async () => {
    const { tokens } = await signInWithSdk(replica.base, GRID.users.ana, 'Ana’s desktop');
    const browser = await signedInBrowser(replica.base, GRID.users.ana);
    const orgToken = newestToken(GRID.users.ana)?.token;
    expect((await pageOf(browser, replica.base)).workspaces).toEqual([GRID_CORP]);

    const added = await addWorkspace(browser, replica.base, GRID.users.sideAna);
    expect(added).toEqual({
      status: 303,
      slackPage: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/v2\/authorize\?/),
      back: '/signin?added=1',
    });
    const sideToken = newestToken(GRID.users.sideAna)?.token;
    const page = await pageOf(browser, replica.base, added.back);
    expect(page.workspaces).toEqual([GRID_CORP, SIDE_PROJECT]);
    expect(page.html).toContain('Workspace added: your clients now read it too');

    // The grant Ana gave her client before reads both now, each with its own token; what she let it read holds for both.
    const { caller } = await callerOf(replica, tokens.access_token);
    expect(accessesOf(caller)).toEqual([
      { token: orgToken, teamId: undefined, fromCaller: true, identity: expect.stringMatching(/^person-/) },
      {
        token: sideToken,
        teamId: GRID.teams.side,
        fromCaller: true,
        identity: expect.stringMatching(/^person-/),
      },
    ]);
    // Each sign-in taught the service its token's shape: the first search across all of hers waits on no
    // auth.test or auth.teams.list; it searches each workspace at once, each with its own token.
    slack.calls.length = 0;
    const across = await fetch(`${replica.base}/search/messages?query=rollout`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(across.status).toBe(200);
    expect(slack.calls.filter((c) => c.method.startsWith('auth.'))).toEqual([]);
    expect(
      slack.calls
        .filter((c) => c.method === 'search.messages')
        .map((c) => [c.token === orgToken ? 'org' : c.token === sideToken ? 'side' : '?', c.params.team_id])
        .sort(),
    ).toEqual([
      ['org', GRID.teams.hq],
      ['org', GRID.teams.labs],
      ['side', GRID.teams.side],
    ]);
    // Every read takes a workspace among all of hers: the organisation's (from Slack) and Side Project.
    expect(await searchIn(tokens.access_token, 'nope')).toEqual({
      status: 404,
      body: {
        statusCode: 404,
        code: 'AS_ERR_UNKNOWN_WORKSPACE',
        error: 'Not Found',
        message: `No workspace "nope" among those you can read: Grid HQ (T07GRIDHQ), Grid Labs (T07GRIDLAB), Side Project (T0SIDEPRJ, side-project)${NOT_LISTED}`,
      },
    });
    expect(await searchIn(tokens.access_token, 'side-project')).toEqual({ status: 200, body: SIDE_ROLLOUT });
    const labs = await searchIn(tokens.access_token, GRID.teams.labs);
    expect({ status: labs.status, channels: channelsOf(labs.body) }).toEqual({
      status: 200,
      channels: ['labs-secret', 'launch-shared'],
    });
    // What she let it read (slack:dm, ticked on the consent page) is one choice for both.
    expect([...(caller.grantedKinds ?? [])]).toEqual(['public', 'private', 'mpim', 'im']);

    // A workspace that is not hers is refused, naming it; nothing is removed.
    const notHers = await browser.request(`${replica.base}/signin/workspaces/remove`, {
      method: 'POST',
      form: { csrf: page.csrf ?? '', workspace: DEMO_TEAM_ID },
    });
    expect({
      status: notHers.status,
      said: (await notHers.text()).includes('T07ACMEDMO is not one of your workspaces'),
    }).toEqual({
      status: 400,
      said: true,
    });
    expect((await pageOf(browser, replica.base)).workspaces).toEqual([GRID_CORP, SIDE_PROJECT]);

    // Removing her organisation: its token revoked at Slack; Side Project stays, and her client reads it alone.
    const form = { csrf: page.csrf ?? '', workspace: GRID.enterprise.id };
    const removed = await browser.request(`${replica.base}/signin/workspaces/remove`, {
      method: 'POST',
      form,
    });
    expect({ status: removed.status, location: removed.headers.get('location') }).toEqual({
      status: 303,
      location: '/signin?removed=1',
    });
    expect(slack.organisation?.tokens.find((t) => t.token === orgToken)?.status).toBe('revoked');
    expect((await pageOf(browser, replica.base)).workspaces).toEqual([SIDE_PROJECT]);
    expect(accessesOf((await callerOf(replica, tokens.access_token)).caller).map((a) => a.token)).toEqual([
      sideToken,
    ]);
    expect(await sideHistory(tokens.access_token)).toBe(200);

    // Removing the last is signing out: the client's access ends, Slack's token too.
    const last = await browser.request(`${replica.base}/signin/workspaces/remove`, {
      method: 'POST',
      form: { csrf: page.csrf ?? '', workspace: GRID.teams.side },
    });
    expect({ status: last.status, location: last.headers.get('location') }).toEqual({
      status: 303,
      location: '/signin?signed_out=1',
    });
    expect(slack.workspaces[0]?.tokens.find((t) => t.token === sideToken)?.status).toBe('revoked');
    expect(await sideHistory(tokens.access_token)).toBe(401);
    expect((await pageOf(browser, replica.base)).workspaces).toEqual([]);
  });

  it('Slack revoking one workspace’s token (tokens_revoked) drops that workspace only; refusing the last ends the person', async () => {
    const { tokens } = await signInWithSdk(replica.base, GRID.users.ana);
    const browser = await signedInBrowser(replica.base, GRID.users.ana);
    await addWorkspace(browser, replica.base, GRID.users.sideAna);
    expect((await pageOf(browser, replica.base)).workspaces).toEqual([GRID_CORP, SIDE_PROJECT]);

    const event = tokensRevokedEvent(GRID.teams.side, [GRID.users.sideAna]);
    expect(await deliverEvent(`${replica.base}/slack/events`, SIGNING_SECRET, event)).toEqual({
      status: 200,
      body: '{"ok":true}',
    });
    expect((await pageOf(browser, replica.base)).workspaces).toEqual([GRID_CORP]);
    const orgToken = newestToken(GRID.users.ana)?.token;
    expect(accessesOf((await callerOf(replica, tokens.access_token)).caller).map((a) => a.token)).toEqual([
      orgToken,
    ]);

    // Slack refusing the org token at a read (revoked there) ends that sign-in: it was her last one.
    slack.revokeToken(orgToken ?? '');
    const refused = await fetch(`${replica.base}/channels/${GRID.channels.hqGeneral}/history?limit=1`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(refused.status).toBe(401);
    expect((await pageOf(browser, replica.base)).workspaces).toEqual([]);
  });

  it('a workspace she added signs her in as the same person elsewhere', async () => {
    const browser = await signedInBrowser(replica.base, GRID.users.ana);
    await addWorkspace(browser, replica.base, GRID.users.sideAna);
    const elsewhere = await signedInBrowser(replica.base, GRID.users.sideAna);
    expect((await pageOf(elsewhere, replica.base)).workspaces).toEqual([GRID_CORP, SIDE_PROJECT]);
  });
});

describe('adding a workspace cannot be forged', () => {
  it('a form not from the person’s own page (no or another browser’s CSRF token) is refused and starts nothing', async () => {
    const maya = await signedInBrowser(replica.base, DEMO_USER_ID);
    const leo = await signedInBrowser(replica.base, DEMO_OTHER_USER_ID);
    const leosCsrf = (await pageOf(leo, replica.base)).csrf ?? '';
    for (const form of [{}, { csrf: leosCsrf }] as Array<Record<string, string>>) {
      const res = await maya.request(`${replica.base}/signin/workspaces/add`, { method: 'POST', form });
      const html = await res.text();
      expect({
        status: res.status,
        location: res.headers.get('location'),
        cookies: res.headers.getSetCookie(),
      }).toEqual({
        status: 403,
        location: null,
        cookies: [],
      });
      expect(html).toContain('This form did not come from your sign-in page in this browser');
    }
  });

  it('an attacker’s trip to Slack, completed in the victim’s browser, adds the victim’s Slack to no one', async () => {
    const attacker = await signedInBrowser(replica.base, DEMO_USER_ID);
    const victim = await signedInBrowser(replica.base, GRID.users.ben);
    const { csrf = '' } = await pageOf(attacker, replica.base);
    const started = await attacker.request(`${replica.base}/signin/workspaces/add`, {
      method: 'POST',
      form: { csrf },
    });
    const slackPage = started.headers.get('location') ?? '';
    const exchanges = slack.oauth.exchanges;

    // The victim is lured to the attacker's Slack link and signs in there: Slack sends the victim's browser back.
    const lured = new HeadlessBrowser({ user: GRID.users.ben });
    for (const [host, jar] of victim.cookies) lured.cookies.set(host, jar);
    const callback = await lured.follow(slackPage, `${replica.base}/oauth/slack/callback`);
    const res = await lured.request(callback.href);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This answer from Slack is not for a sign-in started in this browser');
    // The code was never exchanged; both people have what they had.
    expect(slack.oauth.exchanges).toBe(exchanges);
    expect((await pageOf(attacker, replica.base)).workspaces).toEqual([
      { id: DEMO_TEAM_ID, name: 'Acme Demo', what: 'workspace', userId: DEMO_USER_ID },
    ]);
    expect((await pageOf(victim, replica.base)).workspaces).toEqual([
      { ...GRID_CORP, userId: GRID.users.ben, reads: 'Grid HQ' },
    ]);
  });

  it('a browser whose session changed while it was at Slack (another person signed in) adds nothing to either', async () => {
    const maya = await signedInBrowser(replica.base, DEMO_USER_ID);
    const { csrf = '' } = await pageOf(maya, replica.base);
    const started = await maya.request(`${replica.base}/signin/workspaces/add`, {
      method: 'POST',
      form: { csrf },
    });
    const slackPage = started.headers.get('location') ?? '';
    // Meanwhile, Leo signs in in the same browser (a new session; Maya's trip's state is still in its cookie).
    const leo = new HeadlessBrowser({ user: DEMO_OTHER_USER_ID });
    for (const [host, jar] of maya.cookies) leo.cookies.set(host, jar);
    await leo.follow(`${replica.base}/signin/slack`, `${replica.base}/signin`);
    // Maya's trip comes back, signed in on Slack as Side Project's Omar.
    const back = new HeadlessBrowser({ user: GRID.users.sideOmar });
    for (const [host, jar] of maya.cookies) back.cookies.set(host, jar);
    const callback = await back.follow(slackPage, `${replica.base}/oauth/slack/callback`);
    const res = await back.request(callback.href);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(
      'This browser is no longer signed in as the person who started adding a workspace: nothing was added.',
    );
    expect((await pageOf(back, replica.base)).workspaces).toEqual([
      { id: DEMO_TEAM_ID, name: 'Acme Demo', what: 'workspace', userId: DEMO_OTHER_USER_ID },
    ]);
    // Nor was Omar stored: signing in with him now is a person of his own, with one workspace.
    const side = await signedInBrowser(replica.base, GRID.users.sideOmar);
    expect((await pageOf(side, replica.base)).workspaces).toEqual([
      { ...SIDE_PROJECT, userId: GRID.users.sideOmar },
    ]);
  });
});
