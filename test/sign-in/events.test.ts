import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUninstalledEvent,
  DEMO_OTHER_USER_ID,
  DEMO_TEAM_ID,
  DEMO_USER_ID,
  deliverEvent,
  type FakeSlack,
  tokensRevokedEvent,
} from '../../fake-slack/index.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import { SIGNING_SECRET, type SignInReplica, startOAuthSlack, startReplica } from './sign-in-harness.js';
import { searchAs, signInWithSdk } from './sign-in-steps.js';

// Slack's Events API, verified by its v0 signature: a tokens_revoked delivered to one replica ends the
// person's access on the other at once (the records are shared); a forged or stale one changes nothing.

let redis: RedisServer;
let slack: FakeSlack;
let a: SignInReplica;
let b: SignInReplica;

beforeAll(async () => {
  redis = await startRedisServer();
  slack = await startOAuthSlack();
  a = await startReplica({ slack, redisUrl: redis.url });
  b = await startReplica({ slack, redisUrl: redis.url, sameServiceAs: a });
});
afterAll(async () => {
  await a.app.close();
  await b.app.close();
  await slack.close();
  await redis.stop();
});

const events = (replica: SignInReplica) => `${replica.base}/slack/events`;

describe('POST /slack/events', () => {
  it('answers url_verification with its challenge', async () => {
    const res = await deliverEvent(events(a), SIGNING_SECRET, {
      token: 'unused',
      challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P',
      type: 'url_verification',
    });
    expect(res).toEqual({
      status: 200,
      body: '{"challenge":"3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P"}',
    });
  });

  it('a forged or stale tokens_revoked is a 401 and changes nothing; a valid one ends access on the other replica', async () => {
    const { tokens } = await signInWithSdk(a.base, DEMO_OTHER_USER_ID);
    expect((await searchAs(b.base, tokens.access_token, 'launch')).status).toBe(200);
    const event = tokensRevokedEvent(DEMO_TEAM_ID, [DEMO_OTHER_USER_ID]);

    const forged = await deliverEvent(events(a), SIGNING_SECRET, event, { secret: 'not-the-signing-secret' });
    const stale = await deliverEvent(events(a), SIGNING_SECRET, event, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect([forged, stale].map((r) => ({ status: r.status, body: JSON.parse(r.body) }))).toEqual([
      {
        status: 401,
        body: {
          statusCode: 401,
          code: 'AS_ERR_SLACK_SIGNATURE',
          error: 'Unauthorized',
          message: 'Not a request signed by Slack: X-Slack-Signature does not match the body',
        },
      },
      {
        status: 401,
        body: {
          statusCode: 401,
          code: 'AS_ERR_SLACK_SIGNATURE',
          error: 'Unauthorized',
          message:
            'Not a request signed by Slack: X-Slack-Request-Timestamp is more than five minutes from now (a replay?)',
        },
      },
    ]);
    expect((await searchAs(b.base, tokens.access_token, 'launch q2')).status).toBe(200);

    const sent = performance.now();
    expect(await deliverEvent(events(a), SIGNING_SECRET, event)).toEqual({
      status: 200,
      body: '{"ok":true}',
    });
    const after = await searchAs(b.base, tokens.access_token, 'launch');
    const seconds = (performance.now() - sent) / 1000;
    expect({ status: after.status, body: after.body }).toEqual({
      status: 401,
      body: {
        statusCode: 401,
        code: 'AS_ERR_INVALID_TOKEN',
        error: 'Unauthorized',
        message:
          'Invalid access token: this sign-in has ended (signed out, or Slack revoked it): sign in again',
      },
    });
    expect(seconds).toBeLessThan(2);
    // A redelivery (Slack retries what it thinks unacknowledged) is as good as the first.
    expect(await deliverEvent(events(b), SIGNING_SECRET, event, { retryNum: 1 })).toEqual({
      status: 200,
      body: '{"ok":true}',
    });
  });

  it('on /mcp the 401 names the metadata to sign in again with (WWW-Authenticate)', async () => {
    const { tokens } = await signInWithSdk(a.base, DEMO_USER_ID);
    await deliverEvent(events(b), SIGNING_SECRET, tokensRevokedEvent(DEMO_TEAM_ID, [DEMO_USER_ID]));
    const res = await fetch(`${b.base}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect({ status: res.status, challenge: res.headers.get('www-authenticate') }).toEqual({
      status: 401,
      challenge: `Bearer realm="agent-search", resource_metadata="${a.base}/.well-known/oauth-protected-resource/mcp", scope="slack:public", error="invalid_token", error_description="Invalid access token: this sign-in has ended (signed out, or Slack revoked it): sign in again"`,
    });
  });

  it('answers cached for a revoked person are not served to their next sign-in', async () => {
    const first = await signInWithSdk(a.base, DEMO_OTHER_USER_ID);
    const query = 'pricing cached';
    expect((await searchAs(a.base, first.tokens.access_token, query)).cache).toBe('MISS');
    expect((await searchAs(b.base, first.tokens.access_token, query)).cache).toBe('HIT');
    await deliverEvent(events(a), SIGNING_SECRET, tokensRevokedEvent(DEMO_TEAM_ID, [DEMO_OTHER_USER_ID]));
    const again = await signInWithSdk(a.base, DEMO_OTHER_USER_ID);
    expect((await searchAs(b.base, again.tokens.access_token, query)).cache).toBe('MISS');
  });

  it('app_uninstalled ends every sign-in of the workspace', async () => {
    const maya = await signInWithSdk(a.base, DEMO_USER_ID);
    const leo = await signInWithSdk(a.base, DEMO_OTHER_USER_ID);
    expect(await deliverEvent(events(b), SIGNING_SECRET, appUninstalledEvent(DEMO_TEAM_ID))).toEqual({
      status: 200,
      body: '{"ok":true}',
    });
    const statuses = await Promise.all(
      [maya, leo].map(async (p) => (await searchAs(a.base, p.tokens.access_token, 'deploy')).status),
    );
    expect(statuses).toEqual([401, 401]);
  });
});
