import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverEvent, type FakeSlack, GRID, tokensRevokedEvent } from '../../fake-slack/index.js';
import { connectHttp, structured } from '../mcp/mcp-client.js';
import { SIGNING_SECRET, type SignInReplica, startReplica } from './sign-in-harness.js';
import { signInWithSdk } from './sign-in-steps.js';
import { accessesOf, callerOf, pageOf, signedInBrowser, startGridSlack } from './workspace-steps.js';

// Sign in with Slack when the app is installed org-wide (Enterprise Grid): Slack's oauth.v2.access then has
// `team: null`, the `enterprise` and `is_enterprise_install: true`, and one token for every workspace of the
// organisation the app is approved in. The person is kept by organisation and user id, once; their reads,
// people's page and Slack's revocation events work as for a workspace's sign-in.

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

const orgTokensOf = (userId: string) =>
  (slack.organisation?.tokens ?? []).filter(
    (t) => t.userId === userId && t.token.startsWith('xoxp-') && t.token.length > 20,
  );

const history = async (token: string, channel: string) => {
  const res = await fetch(`${replica.base}/channels/${channel}/history?limit=2`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const HQ_HISTORY = {
  ok: true,
  channel_id: GRID.channels.hqGeneral,
  channel_name: 'hq-general',
  has_more: false,
  summary: '2 messages from #hq-general between 2026-03-09 10:00 UTC and 2026-03-09 10:10 UTC, newest first.',
  messages: [
    {
      user_id: GRID.users.ana,
      user_name: 'ana',
      ts: '1773051000.000100',
      text: 'HQ rollout starts Tuesday',
      permalink: `https://gridcorp.enterprise.slack.com/archives/${GRID.channels.hqGeneral}/p1773051000000100`,
    },
    {
      user_id: GRID.users.ben,
      user_name: 'ben',
      ts: '1773050400.000100',
      text: 'HQ rollout plan is in the doc',
      permalink: `https://gridcorp.enterprise.slack.com/archives/${GRID.channels.hqGeneral}/p1773050400000100`,
    },
  ],
};

describe('Sign in with Slack, the app installed org-wide', () => {
  it('signs Ana in by organisation and user id (Slack’s team is null), and her client reads over REST and /mcp', async () => {
    const { tokens } = await signInWithSdk(replica.base, GRID.users.ana);
    // Slack minted one org-wide token (auth.test was asked for the organisation's URL with it, as @slack/oauth does).
    const [minted] = orgTokensOf(GRID.users.ana);
    expect(minted).toEqual({
      token: expect.stringMatching(/^xoxp-[0-9a-f]{24}$/),
      type: 'user',
      userId: GRID.users.ana,
      scopes: expect.arrayContaining(['search:read', 'channels:history', 'users:read']),
      orgWide: true,
    });
    expect(slack.calls.filter((c) => c.method === 'auth.test').map((c) => c.token)).toContain(minted?.token);

    const { person, caller } = await callerOf(replica, tokens.access_token);
    expect({ teamId: person.teamId, userId: person.userId, who: caller.who }).toEqual({
      teamId: GRID.enterprise.id,
      userId: GRID.users.ana,
      who: {
        kind: 'person',
        id: `${GRID.enterprise.id}:${GRID.users.ana}`,
        team_id: GRID.enterprise.id,
        user_id: GRID.users.ana,
      },
    });
    expect(accessesOf(caller)).toEqual([
      {
        token: minted?.token,
        teamId: undefined,
        fromCaller: true,
        identity: expect.stringMatching(/^person-/),
      },
    ]);

    // Conversation ids are org-wide: a channel's history needs no workspace, over REST and the MCP tool alike.
    const rest = await history(tokens.access_token, GRID.channels.hqGeneral);
    expect(rest).toEqual({ status: 200, body: HQ_HISTORY });
    const mcp = await connectHttp(replica.base, { authorization: `Bearer ${tokens.access_token}` });
    const tool = await mcp.callTool({
      name: 'slack_get_channel_history',
      arguments: { channel_id: GRID.channels.hqGeneral, limit: 2 },
    });
    expect(structured(tool)).toEqual(HQ_HISTORY);
    await mcp.close();
  });

  it('keeps one org token per person: signing in again (another client, the page) replaces it, never adds one', async () => {
    const first = await signInWithSdk(replica.base, GRID.users.ben, 'First client');
    const browser = await signedInBrowser(replica.base, GRID.users.ben);
    const second = await signInWithSdk(replica.base, GRID.users.ben, 'Second client');
    const minted = orgTokensOf(GRID.users.ben).map((t) => t.token);
    expect(minted).toHaveLength(3);
    // Both clients' grants read with the newest token, the one the store keeps.
    for (const { tokens } of [first, second])
      expect(accessesOf((await callerOf(replica, tokens.access_token)).caller).map((a) => a.token)).toEqual([
        minted[2],
      ]);
    const { workspaces } = await pageOf(browser, replica.base);
    expect(workspaces).toEqual([
      {
        id: GRID.enterprise.id,
        name: 'Grid Corp',
        what: 'organisation: every workspace of it that you and this app may read',
        userId: GRID.users.ben,
        reads: 'Grid HQ',
      },
    ]);
  });

  it('a tokens_revoked naming the organisation ends that person’s org sign-in; another person’s stays', async () => {
    const ana = await signInWithSdk(replica.base, GRID.users.ana);
    const ben = await signInWithSdk(replica.base, GRID.users.ben);
    // An org-wide install's event names the organisation (enterprise_id) beside the workspace it came from.
    const event = {
      ...tokensRevokedEvent(GRID.teams.hq, [GRID.users.ana]),
      enterprise_id: GRID.enterprise.id,
      is_enterprise_install: true,
    };
    const res = await deliverEvent(`${replica.base}/slack/events`, SIGNING_SECRET, event);
    expect(res).toEqual({ status: 200, body: '{"ok":true}' });
    expect((await history(ana.tokens.access_token, GRID.channels.hqGeneral)).status).toBe(401);
    expect(await history(ben.tokens.access_token, GRID.channels.hqGeneral)).toEqual({
      status: 200,
      body: HQ_HISTORY,
    });
  });

  it('app_uninstalled from the organisation ends every org-wide sign-in of it', async () => {
    const ben = await signInWithSdk(replica.base, GRID.users.ben);
    const event = {
      token: 'verification-token-unused',
      team_id: GRID.teams.hq,
      enterprise_id: GRID.enterprise.id,
      api_app_id: 'A07DEMOAPP1',
      event: { type: 'app_uninstalled', event_ts: `${Date.now() / 1000}` },
      type: 'event_callback',
      event_id: 'Ev07ORGUNINST',
      event_time: Math.floor(Date.now() / 1000),
      authorizations: [
        {
          enterprise_id: GRID.enterprise.id,
          team_id: null,
          user_id: GRID.users.ben,
          is_bot: false,
          is_enterprise_install: true,
        },
      ],
    };
    const res = await deliverEvent(`${replica.base}/slack/events`, SIGNING_SECRET, event);
    expect(res).toEqual({ status: 200, body: '{"ok":true}' });
    expect((await history(ben.tokens.access_token, GRID.channels.hqGeneral)).status).toBe(401);
  });
});
