import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_OTHER_USER_ID,
  DEMO_TEAM_ID,
  DEMO_USER_ID,
  deliverEvent,
  type FakeSlack,
  tokensRevokedEvent,
} from '../../fake-slack/index.js';
import { startTestRedis, type TestRedis } from '../support/test-redis.js';
import { HeadlessBrowser } from './browser.js';
import {
  CLIENT_SECRET,
  ENCRYPTION_KEY,
  KEY_SECRET,
  SIGNING_SECRET,
  type SignInReplica,
  startOAuthSlack,
  startReplica,
} from './sign-in-harness.js';
import { searchAs, signInWithSdk } from './sign-in-steps.js';

// Every secret of signing in (Slack's tokens and refresh tokens, the Slack app's client and signing
// secrets, our encryption and hash keys, the tokens, codes, states and sessions we issue) is looked for in
// every Redis key and value and in every log line of two replicas at LOG_LEVEL=debug, after every flow:
// MCP sign-in, tool calls, REST searches, a Slack refresh, our refresh rotation, a personal token, a
// revocation, an event.

const LIFETIME_S = 2;
let redis: TestRedis;
let slack: FakeSlack;
let a: SignInReplica;
let b: SignInReplica;
const logs: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    logs.push(String(chunk));
    done();
  },
});

beforeAll(async () => {
  redis = await startTestRedis('standalone');
  slack = await startOAuthSlack({ tokenLifetimeS: LIFETIME_S });
  const debug = { config: { LOG_LEVEL: 'debug' as const }, logger: { stream: sink } };
  a = await startReplica({ slack, redisUrl: redis.harness.redisUrl, ...debug });
  b = await startReplica({ slack, redisUrl: redis.harness.redisUrl, sameServiceAs: a, ...debug });
});
afterAll(async () => {
  await a.app.close();
  await b.app.close();
  await slack.close();
  await redis.stop();
});

/** Query parameters of URLs that are secrets: codes and states. */
const secretParams = (urls: string[]) =>
  urls.flatMap((u) => {
    const url = new URL(u, 'http://x');
    return ['code', 'state']
      .map((p) => url.searchParams.get(p))
      .filter((v): v is string => !!v && v !== 'client-state-42');
  });

describe('no secret of signing in is in Redis or in the logs (LOG_LEVEL=debug)', () => {
  it('after every flow, none of them appears in any Redis key or value or any log line', async () => {
    const issued: string[] = [];
    // An MCP client signs Maya in and calls a tool on the other replica.
    const maya = await signInWithSdk(a.base, DEMO_USER_ID);
    issued.push(maya.tokens.access_token, maya.tokens.refresh_token as string);
    const client = new Client({ name: 'scan', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', b.base), {
        requestInit: { headers: { authorization: `Bearer ${maya.tokens.access_token}` } },
      }),
    );
    await client.callTool({ name: 'slack_search_messages', arguments: { query: 'deploy' } });
    await client.close();
    // REST on both; then Slack's token expires and is refreshed; then our own refresh rotation.
    expect((await searchAs(a.base, maya.tokens.access_token, 'incident')).status).toBe(200);
    await sleep(LIFETIME_S * 1000 + 100);
    expect((await searchAs(b.base, maya.tokens.access_token, 'incident again')).status).toBe(200);
    expect(slack.oauth.refreshes.ok).toBeGreaterThanOrEqual(1);
    maya.provider.saved = { ...maya.tokens, access_token: 'stale' };
    expect(await auth(maya.provider, { serverUrl: new URL('/mcp', a.base) })).toBe('AUTHORIZED');
    issued.push(maya.provider.saved?.access_token as string, maya.provider.saved?.refresh_token as string);
    // A refused bearer token and a refused refresh token are logged as refusals, without the tokens.
    expect((await searchAs(a.base, 'ast_not-a-token-we-issued-0123456789abcdefghijkl', 'x')).status).toBe(
      401,
    );
    // The people's page: sign in, a personal token, sign out.
    const page = new HeadlessBrowser({ user: DEMO_OTHER_USER_ID });
    await page.follow(`${a.base}/signin/slack`, `${a.base}/signin`);
    const signedIn = await (await page.request(`${a.base}/signin`)).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(signedIn)?.[1] as string;
    const made = await (
      await page.request(`${a.base}/signin/token`, { method: 'POST', form: { csrf } })
    ).text();
    const personal = /<pre id="token">([^<]+)<\/pre>/.exec(made)?.[1] as string;
    issued.push(personal, csrf);
    expect((await searchAs(b.base, personal, 'launch')).status).toBe(200);
    const sessions = [...page.cookies.values()].flatMap((jar) => [...jar.values()]);
    const signedInDump = await redis.dump();
    expect(signedInDump).toContain('as:v1:si:person:');
    // Revocation (sign-out through RFC 7009) and a tokens_revoked event.
    const leo = await signInWithSdk(a.base, DEMO_OTHER_USER_ID, 'second client');
    issued.push(leo.tokens.access_token, leo.tokens.refresh_token as string);
    await fetch(`${b.base}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${leo.tokens.refresh_token}`,
    });
    await deliverEvent(
      `${a.base}/slack/events`,
      SIGNING_SECRET,
      tokensRevokedEvent(DEMO_TEAM_ID, [DEMO_USER_ID]),
    );

    const slackSecrets = [
      ...slack.workspace.tokens
        .map((t) => t.token)
        .filter((t) => !t.startsWith('xoxp-demo') && !t.startsWith('xoxb-demo')),
      ...slack.oauth.refreshTokens.keys(),
    ];
    const ours = [
      ...issued,
      ...sessions,
      ...secretParams([
        ...maya.provider.browser.locations,
        ...leo.provider.browser.locations,
        ...page.locations,
      ]),
    ];
    const config = [CLIENT_SECRET, SIGNING_SECRET, ENCRYPTION_KEY, KEY_SECRET];
    const secrets = [...slackSecrets, ...ours, ...config];
    // The flows did make secrets of every kind, and Redis and the logs have something to search.
    expect({
      slackTokens: slackSecrets.filter((t) => t.startsWith('xoxe.xoxp-')).length >= 3,
      slackRefreshTokens: slackSecrets.filter((t) => t.startsWith('xoxe-1-')).length >= 3,
      issued: ours.length >= 12,
    }).toEqual({ slackTokens: true, slackRefreshTokens: true, issued: true });
    const dump = `${signedInDump}\n${await redis.dump()}`;
    const logText = logs.join('');
    expect(logText).toContain('"level":20');
    const found = secrets.filter((s) => dump.includes(s) || logText.includes(s));
    expect(found).toEqual([]);
    // Nothing even tried to log one (the last-line scrubber replaced nothing).
    expect(logs.filter((l) => l.includes('[Redacted]')).map((l) => l.slice(0, 400))).toEqual([]);
  });
});
