import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_ID, type FakeSlack } from '../../fake-slack/index.js';
import { API_TOKEN } from '../helper.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import { type SignInReplica, startOAuthSlack, startReplica } from './sign-in-harness.js';
import { searchAs, signInWithSdk } from './sign-in-steps.js';

// With the shared Redis down, sign-in's records cannot be read or written: a 503 naming that, never a 500,
// never a fallback to process memory (replicas would fork the state); API tokens keep working; back up,
// signing in works again.

let redis: RedisServer;
let slack: FakeSlack;
let replica: SignInReplica;
beforeAll(async () => {
  redis = await startRedisServer();
  slack = await startOAuthSlack();
  replica = await startReplica({
    slack,
    redisUrl: redis.url,
    config: { SLACK_USER_TOKEN: 'xoxp-demo-user' },
  });
});
afterAll(async () => {
  await replica.app.close();
  await slack.close();
  await redis.stop();
});

describe('the shared store down', () => {
  it('sign-in answers 503 AS_ERR_SIGN_IN_UNAVAILABLE with Retry-After; API tokens still search; back up, signing in works again', async () => {
    const { tokens } = await signInWithSdk(replica.base, DEMO_USER_ID);
    await redis.stop();
    const person = await searchAs(replica.base, tokens.access_token, 'deploy');
    const register = await fetch(`${replica.base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"redirect_uris":["https://a.example/cb"]}',
    });
    expect([person.status, person.body, register.status, register.headers.get('retry-after')]).toEqual([
      503,
      {
        statusCode: 503,
        code: 'AS_ERR_SIGN_IN_UNAVAILABLE',
        error: 'Service Unavailable',
        message: 'Sign-in records cannot be reached (the shared Redis is unavailable): retry shortly',
      },
      503,
      '5',
    ]);
    expect((await searchAs(replica.base, API_TOKEN, 'deploy')).status).toBe(200);
    await redis.start();
    // This test's Redis keeps nothing across a restart (no persistence): the records went with it, so the
    // person is told to sign in again, once Redis answers.
    let last = await searchAs(replica.base, tokens.access_token, 'deploy again');
    for (let i = 0; i < 100 && last.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 100));
      last = await searchAs(replica.base, tokens.access_token, 'deploy again');
    }
    expect([last.status, last.body.code]).toEqual([401, 'AS_ERR_INVALID_TOKEN']);
    expect((await signInWithSdk(replica.base, DEMO_USER_ID)).tokens.access_token).toMatch(/^ast_/);
  });
});
