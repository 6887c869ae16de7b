import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_ID, type FakeSlack } from '../../fake-slack/index.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import { type SignInReplica, startOAuthSlack, startReplica } from './sign-in-harness.js';
import { searchAs, signInWithSdk } from './sign-in-steps.js';

// Slack's token rotation across two replicas sharing one Redis: Slack's refresh tokens are single-use, so
// exactly one replica may refresh; every request, on either replica, must still succeed.

const LIFETIME_S = 3;
let redis: RedisServer;
let slack: FakeSlack;
let a: SignInReplica;
let b: SignInReplica;

beforeAll(async () => {
  redis = await startRedisServer();
  slack = await startOAuthSlack({ tokenLifetimeS: LIFETIME_S });
  a = await startReplica({ slack, redisUrl: redis.url });
  b = await startReplica({ slack, redisUrl: redis.url, sameServiceAs: a });
});
afterAll(async () => {
  await a.app.close();
  await b.app.close();
  await slack.close();
  await redis.stop();
});

/** `count` concurrent searches, alternating replicas, each a different query (no cache shortcut). */
const burst = (token: string, count: number, label: string) =>
  Promise.all(
    Array.from({ length: count }, (_, i) => searchAs(i % 2 ? b.base : a.base, token, `deploy ${label} ${i}`)),
  );

describe('token rotation across two replicas on one Redis', () => {
  it('right after the Slack token expires, 20 concurrent searches on both replicas succeed and Slack sees one refresh', async () => {
    const { tokens } = await signInWithSdk(a.base, DEMO_USER_ID);
    const before = slack.oauth.refreshes.ok;
    expect((await searchAs(b.base, tokens.access_token, 'deploy')).status).toBe(200);
    await sleep(LIFETIME_S * 1000 + 200);
    const answers = await burst(tokens.access_token, 20, 'expired');
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect({ refreshed: slack.oauth.refreshes.ok - before, refused: slack.oauth.refreshes.refused }).toEqual({
      refreshed: 1,
      refused: 0,
    });
    // Every search after the refresh went to Slack with one new token, never the expired one.
    const searchTokens = new Set(
      slack.calls
        .slice(-20)
        .filter((c) => c.method === 'search.messages')
        .map((c) => c.token),
    );
    expect(searchTokens.size).toBe(1);
  });

  it('a token Slack expires early (token_expired mid-request): renewed once, every request succeeds', async () => {
    const { tokens } = await signInWithSdk(a.base, DEMO_USER_ID);
    expect((await searchAs(b.base, tokens.access_token, 'incident')).status).toBe(200);
    const current = slack.calls.filter((c) => c.method === 'search.messages').at(-1)?.token as string;
    const before = slack.oauth.refreshes.ok;
    slack.expireToken(current);
    const answers = await burst(tokens.access_token, 10, 'early');
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(slack.oauth.refreshes.ok - before).toBe(1);
    expect(slack.oauth.refreshes.refused).toBe(0);
  });

  it('a long-lived token is not refreshed on every call: a search well before the refresh margin makes no refresh', async () => {
    const { tokens } = await signInWithSdk(a.base, DEMO_USER_ID);
    const before = slack.oauth.refreshes.ok;
    const answers = await burst(tokens.access_token, 6, 'fresh');
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(slack.oauth.refreshes.ok - before).toBe(0);
  });
});
