import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSlack, GRID } from '../../fake-slack/index.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import { type SignInReplica, startReplica } from './sign-in-harness.js';
import { signInWithSdk } from './sign-in-steps.js';
import { accessesOf, addWorkspace, callerOf, signedInBrowser, startGridSlack } from './workspace-steps.js';

// Token rotation with several workspaces: an org-wide token and another workspace's, each refreshed on its own
// (its own single-use refresh token, its own lock), across two replicas on one Redis.

const LIFETIME_S = 3;
let redis: RedisServer;
let slack: FakeSlack;
let a: SignInReplica;
let b: SignInReplica;
beforeAll(async () => {
  redis = await startRedisServer();
  slack = await startGridSlack({ tokenLifetimeS: LIFETIME_S });
  a = await startReplica({ slack, redisUrl: redis.url });
  b = await startReplica({ slack, redisUrl: redis.url, sameServiceAs: a });
});
afterAll(async () => {
  await a?.app.close();
  await b?.app.close();
  await slack?.close();
  await redis?.stop();
});

const status = async (replica: SignInReplica, accessToken: string, path: string) =>
  (await fetch(`${replica.base}${path}`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

describe('token rotation, one person in an organisation and another workspace', () => {
  it('after both Slack tokens expire, reads on both replicas succeed and Slack sees one refresh of each', async () => {
    const { tokens } = await signInWithSdk(a.base, GRID.users.ana);
    const browser = await signedInBrowser(a.base, GRID.users.ana);
    await addWorkspace(browser, a.base, GRID.users.sideAna);
    const before = accessesOf((await callerOf(a, tokens.access_token)).caller).map((x) => x.token);
    expect(before).toEqual([
      expect.stringMatching(/^xoxe\.xoxp-1-/),
      expect.stringMatching(/^xoxe\.xoxp-1-/),
    ]);
    const refreshed = slack.oauth.refreshes.ok;
    await sleep(LIFETIME_S * 1000 + 200);

    const reads = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        status(
          i % 2 ? b : a,
          tokens.access_token,
          i % 4 < 2
            ? `/channels/${GRID.channels.hqGeneral}/history?limit=${i + 1}`
            : `/search/messages?query=rollout+${i}&workspace=side-project`,
        ),
      ),
    );
    expect(reads).toEqual(Array(8).fill(200));
    expect({
      refreshed: slack.oauth.refreshes.ok - refreshed,
      refused: slack.oauth.refreshes.refused,
    }).toEqual({
      refreshed: 2,
      refused: 0,
    });
    // Each refreshed in its own place: the org-wide token in the organisation, Side Project's in Side Project.
    const [org, side] = accessesOf((await callerOf(b, tokens.access_token)).caller).map((x) => x.token);
    expect([org, side].some((t) => before.includes(t ?? ''))).toBe(false);
    expect(slack.organisation?.tokens.find((t) => t.token === org)).toMatchObject({
      userId: GRID.users.ana,
      orgWide: true,
    });
    expect(slack.workspaces[0]?.tokens.find((t) => t.token === side)).toMatchObject({
      userId: GRID.users.sideAna,
    });
  });
});
