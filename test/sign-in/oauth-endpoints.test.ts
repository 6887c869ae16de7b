import {
  OAuthMetadataSchema,
  OAuthProtectedResourceMetadataSchema,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { DEMO_OTHER_USER_ID, DEMO_USER_ID, type FakeSlack } from '../../fake-slack/index.js';
import { REFRESH_RACE_MS } from '../../src/sign-in/oauth/grants.js';
import { API_TOKEN } from '../helper.js';
import { authorizeUrl as authorizeUrlAt, form, json, pkce } from './attacks/attack-kit.js';
import { HeadlessBrowser } from './browser.js';
import { CLIENT_REDIRECT } from './mcp-oauth-client.js';
import { type SignInReplica, startOAuthSlack, startReplica } from './sign-in-harness.js';
import { searchAs, signInWithSdk } from './sign-in-steps.js';

// The authorization server's endpoints one by one, through real HTTP: metadata, registration, the
// authorization endpoint's refusals, consent and its CSRF binding, codes, PKCE, refresh rotation, revocation.

let slack: FakeSlack;
let s: SignInReplica;
/** How far the service's clock is ahead of the wall clock (a test moves it past the refresh race window). */
let ahead = 0;
beforeAll(async () => {
  slack = await startOAuthSlack();
  s = await startReplica({ slack, clock: () => Date.now() + ahead });
});
afterAll(async () => {
  await s.app.close();
  await slack.close();
});

async function register(body: object) {
  return fetch(`${s.base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const authorizeUrl = (clientId: string, params: Record<string, string | undefined> = {}) =>
  authorizeUrlAt(s.base, clientId, params);

async function newClient(name = 'Endpoint test client') {
  const res = await register({
    client_name: name,
    redirect_uris: [CLIENT_REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
  });
  return ((await res.json()) as { client_id: string }).client_id;
}

/** Signs `user` in for `clientId` through the whole browser flow; the code and the verifier. */
async function codeFor(clientId: string, user = DEMO_USER_ID) {
  const { verifier, challenge } = pkce();
  const browser = new HeadlessBrowser({ user });
  const back = await browser.follow(authorizeUrl(clientId, { code_challenge: challenge }), CLIENT_REDIRECT);
  return { code: back.searchParams.get('code') as string, verifier, browser };
}

describe('metadata', () => {
  it('RFC 8414 authorization server metadata, as the MCP SDK’s own schema reads it', async () => {
    const { status, body } = await json(await fetch(`${s.base}/.well-known/oauth-authorization-server`));
    expect(status).toBe(200);
    expect(OAuthMetadataSchema.parse(body)).toBeTruthy();
    expect(body).toEqual({
      issuer: s.base,
      authorization_endpoint: `${s.base}/oauth/authorize`,
      token_endpoint: `${s.base}/oauth/token`,
      registration_endpoint: `${s.base}/oauth/register`,
      revocation_endpoint: `${s.base}/oauth/revoke`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['slack:public', 'slack:private', 'slack:dm'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${s.base}/signin`,
    });
  });

  it('RFC 9728 protected resource metadata for /mcp and for the service', async () => {
    const mcp = await json(await fetch(`${s.base}/.well-known/oauth-protected-resource/mcp`));
    const root = await json(await fetch(`${s.base}/.well-known/oauth-protected-resource`));
    for (const { body } of [mcp, root]) expect(OAuthProtectedResourceMetadataSchema.parse(body)).toBeTruthy();
    expect([mcp.body.resource, root.body.resource]).toEqual([`${s.base}/mcp`, `${s.base}/`]);
    expect(mcp.body).toMatchObject({ authorization_servers: [s.base], bearer_methods_supported: ['header'] });
  });

  it('a 401 without a token names the metadata: /mcp its own, a REST route the service’s', async () => {
    const mcp = await fetch(`${s.base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    const rest = await fetch(`${s.base}/search/messages?query=x`);
    expect([
      mcp.status,
      mcp.headers.get('www-authenticate'),
      rest.status,
      rest.headers.get('www-authenticate'),
    ]).toEqual([
      401,
      `Bearer realm="agent-search", resource_metadata="${s.base}/.well-known/oauth-protected-resource/mcp", scope="slack:public"`,
      401,
      `Bearer realm="agent-search", resource_metadata="${s.base}/.well-known/oauth-protected-resource", scope="slack:public"`,
    ]);
  });
});

describe('POST /oauth/register (RFC 7591)', () => {
  it('registers a public client and answers its information', async () => {
    const res = await register({
      client_name: 'Acme Desktop',
      redirect_uris: ['https://app.example.com/cb', 'http://127.0.0.1/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
    });
    const { status, body } = await json(res);
    expect({ status, cache: res.headers.get('cache-control') }).toEqual({ status: 201, cache: 'no-store' });
    expect(body).toEqual({
      client_id: expect.stringMatching(/^asc_[A-Za-z0-9_-]{32}$/),
      client_id_issued_at: expect.any(Number),
      client_name: 'Acme Desktop',
      redirect_uris: ['https://app.example.com/cb', 'http://127.0.0.1/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });

  it('refuses redirect URIs that are not https or loopback http, and grants it does not offer, in OAuth’s shape', async () => {
    const answers = await Promise.all(
      [
        { redirect_uris: ['custom-app://callback'] },
        { redirect_uris: ['http://app.example.com/cb'] },
        { redirect_uris: ['https://app.example.com/cb#frag'] },
        { redirect_uris: [] },
        { redirect_uris: ['https://a.example/cb'], grant_types: ['client_credentials'] },
      ].map(async (body) => json(await register(body))),
    );
    expect(answers).toEqual([
      {
        status: 400,
        body: {
          error: 'invalid_redirect_uri',
          error_description:
            'custom-app://callback is neither https nor http on a loopback host (localhost, 127.0.0.1, [::1])',
        },
      },
      {
        status: 400,
        body: {
          error: 'invalid_redirect_uri',
          error_description:
            'http://app.example.com is neither https nor http on a loopback host (localhost, 127.0.0.1, [::1])',
        },
      },
      {
        status: 400,
        body: {
          error: 'invalid_redirect_uri',
          error_description: 'https://app.example.com/cb has a fragment, which OAuth forbids',
        },
      },
      {
        status: 400,
        body: {
          error: 'invalid_redirect_uri',
          error_description: 'redirect_uris must be a non-empty array of URLs',
        },
      },
      {
        status: 400,
        body: {
          error: 'invalid_client_metadata',
          error_description:
            'grant_types: "client_credentials" is not offered; use authorization_code and refresh_token',
        },
      },
    ]);
  });

  it('a body the parser refuses (too deep, not UTF-8) is invalid_request naming the limit, never a 500', async () => {
    const post = (body: string | Uint8Array<ArrayBuffer>) =>
      fetch(`${s.base}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    expect([
      await json(await post(`${'['.repeat(100)}${']'.repeat(100)}`)),
      await json(await post(Uint8Array.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))),
    ]).toEqual([
      {
        status: 400,
        body: {
          error: 'invalid_request',
          error_description: 'The body nests objects and arrays deeper than 64 levels, the limit',
        },
      },
      {
        status: 400,
        body: {
          error: 'invalid_request',
          error_description: 'The request body is not valid UTF-8 at byte 2: send JSON text encoded as UTF-8',
        },
      },
    ]);
  });

  it('bounds registrations per client address (20 an hour)', async () => {
    const own = await startReplica({ slack });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++)
        statuses.push(
          (
            await fetch(`${own.base}/oauth/register`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{"redirect_uris":["https://a.example/cb"]}',
            })
          ).status,
        );
      const last = await json(
        await fetch(`${own.base}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"redirect_uris":["https://a.example/cb"]}',
        }),
      );
      expect({ statuses: [...new Set(statuses)], last }).toEqual({
        statuses: [201],
        last: {
          status: 429,
          body: {
            error: 'too_many_requests',
            error_description: 'at most 20 client registrations per hour from one address',
          },
        },
      });
    } finally {
      await own.app.close();
    }
  });
});

describe('GET /oauth/authorize', () => {
  it('an unknown client or redirect URI is a 400 page, never a redirect', async () => {
    const clientId = await newClient();
    const answers = await Promise.all(
      [
        authorizeUrl('asc_nobodyregisteredthisclientid0000'),
        authorizeUrl(clientId, { redirect_uri: 'https://evil.example/steal' }),
      ].map(async (url) => {
        const res = await fetch(url, { redirect: 'manual' });
        const html = await res.text();
        return {
          status: res.status,
          location: res.headers.get('location'),
          type: res.headers.get('content-type'),
          title: /<h1>([^<]+)/.exec(html)?.[1],
        };
      }),
    );
    expect(answers).toEqual([
      { status: 400, location: null, type: 'text/html; charset=utf-8', title: 'Unknown client' },
      { status: 400, location: null, type: 'text/html; charset=utf-8', title: 'Unknown redirect URI' },
    ]);
  });

  it('other errors before consent are a 400 page naming the error, never a redirect (no open redirector)', async () => {
    const clientId = await newClient();
    const page = async (params: Record<string, string | undefined>) => {
      const res = await fetch(authorizeUrl(clientId, params), { redirect: 'manual' });
      const html = await res.text();
      return {
        status: res.status,
        location: res.headers.get('location'),
        says: /<p>([^<]+)/.exec(html)?.[1],
      };
    };
    const answers = await Promise.all(
      [
        { code_challenge: undefined },
        { code_challenge_method: 'plain' },
        { response_type: 'token' },
        { resource: 'https://other.example/mcp' },
      ].map(page),
    );
    expect(answers).toEqual([
      { status: 400, location: null, says: 'invalid_request: code_challenge is required (PKCE with S256)' },
      { status: 400, location: null, says: 'invalid_request: code_challenge_method must be S256' },
      { status: 400, location: null, says: 'unsupported_response_type: response_type must be code' },
      { status: 400, location: null, says: `invalid_target: resource must be ${s.base}/mcp or ${s.base}/` },
    ]);
  });

  it('the consent page names the client and where it redirects, posts with a CSRF token and cannot be framed', async () => {
    const clientId = await newClient('Shiny <Assistant>');
    const res = await fetch(authorizeUrl(clientId));
    const html = await res.text();
    expect({
      status: res.status,
      csp: res.headers.get('content-security-policy'),
      frame: res.headers.get('x-frame-options'),
      cookie: res.headers.getSetCookie().map((c) => c.replace(/=[^;]+;/, '=…;')),
    }).toEqual({
      status: 200,
      csp: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      frame: 'DENY',
      cookie: ['as_browser=…; Max-Age=86400; Path=/; HttpOnly; SameSite=Lax'],
    });
    expect(html).toContain('<strong>Shiny &lt;Assistant&gt;</strong> asks to search Slack as you');
    expect(html).toContain('receives access at <strong>127.0.0.1:33418</strong>');
    expect(html).toContain('<form method="post" action="/oauth/consent">');
    expect(html).toMatch(/<input type="hidden" name="csrf" value="[A-Za-z0-9_-]{32}">/);
    expect(html).toContain('<button class="primary" type="submit" name="decision" value="approve">');
  });

  it('an approval not sent from this browser’s consent page is refused (403); a denial sends access_denied back', async () => {
    const clientId = await newClient();
    const browser = new HeadlessBrowser({ user: DEMO_USER_ID, decision: 'deny' });
    const page = await (await browser.request(authorizeUrl(clientId))).text();
    const pending = /name="pending" value="([^"]+)"/.exec(page)?.[1] as string;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1] as string;
    // Another browser (no cookie, or another one) posting this page's fields: a cross-site forgery.
    const forged = await fetch(`${s.base}/oauth/consent`, {
      ...form({ pending, csrf, decision: 'approve' }),
      redirect: 'manual',
    });
    const otherBrowser = new HeadlessBrowser({ user: DEMO_USER_ID });
    await otherBrowser.request(authorizeUrl(clientId));
    const crossed = await otherBrowser.request(`${s.base}/oauth/consent`, {
      method: 'POST',
      form: { pending, csrf, decision: 'approve' },
    });
    expect([forged.status, crossed.status]).toEqual([403, 403]);
    const denied = await browser.request(`${s.base}/oauth/consent`, {
      method: 'POST',
      form: { pending, csrf, decision: 'deny' },
    });
    const to = new URL(denied.headers.get('location') as string);
    expect({ status: denied.status, ...Object.fromEntries(to.searchParams) }).toEqual({
      status: 303,
      error: 'access_denied',
      error_description: 'The person denied access',
      state: 'st',
      iss: s.base,
    });
  });

  it('a browser signed in here whose person approved the client before goes straight back with a code', async () => {
    const clientId = await newClient();
    const { browser } = await codeFor(clientId);
    const again = await browser.request(authorizeUrl(clientId));
    const to = new URL(again.headers.get('location') as string);
    expect({ status: again.status, keys: [...to.searchParams.keys()].sort() }).toEqual({
      status: 302,
      keys: ['code', 'iss', 'state'],
    });
  });
});

describe('POST /oauth/token', () => {
  const exchange = (fields: Record<string, string>) =>
    fetch(`${s.base}/oauth/token`, form(fields)).then(json);

  it('a code works once, for its client, with its verifier', async () => {
    const clientId = await newClient();
    const { code, verifier } = await codeFor(clientId);
    const other = await newClient();
    expect(
      await exchange({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: other }),
    ).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'The code was issued to another client' },
    });
    // The refused attempt spent it (codes are taken, then checked).
    expect(
      await exchange({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        client_id: clientId,
      }),
    ).toEqual({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: 'The code is unknown, used or expired (codes live a minute and work once)',
      },
    });
    const second = await codeFor(clientId);
    expect(
      await exchange({
        grant_type: 'authorization_code',
        code: second.code,
        code_verifier: pkce().verifier,
        client_id: clientId,
      }),
    ).toEqual({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: 'code_verifier does not match the code_challenge (PKCE S256)',
      },
    });
    const third = await codeFor(clientId);
    const ok = await exchange({
      grant_type: 'authorization_code',
      code: third.code,
      code_verifier: third.verifier,
      client_id: clientId,
      redirect_uri: CLIENT_REDIRECT,
    });
    expect(ok).toEqual({
      status: 200,
      body: {
        access_token: expect.stringMatching(/^ast_/),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: expect.stringMatching(/^asr_/),
        scope: 'slack:public',
      },
    });
  });

  it('refresh tokens rotate; a spent one used again past the race window is invalid_grant and ends the grant', async () => {
    const clientId = await newClient();
    const { code, verifier } = await codeFor(clientId);
    const first = (
      await exchange({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId })
    ).body;
    const second = await exchange({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: clientId,
    });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    ahead = REFRESH_RACE_MS + 1;
    onTestFinished(() => {
      ahead = 0;
    });
    expect(
      await exchange({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        client_id: clientId,
      }),
    ).toEqual({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: 'The refresh token was already used: its grant has ended, sign in again',
      },
    });
    // The grant ended: its newest tokens no longer work either.
    expect((await searchAs(s.base, second.body.access_token, 'deploy')).status).toBe(401);
    expect(
      (
        await exchange({
          grant_type: 'refresh_token',
          refresh_token: second.body.refresh_token,
          client_id: clientId,
        })
      ).body.error,
    ).toBe('invalid_grant');
  });

  it('malformed requests are invalid_request, unsupported_grant_type or invalid_client, never a 500', async () => {
    const clientId = await newClient();
    const dup = await fetch(`${s.base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&grant_type=authorization_code&client_id=${clientId}`,
    }).then(json);
    // HTTP Basic's user name is form-urlencoded (RFC 6749 §2.3.1): a broken escape names no client.
    const brokenBasic = await fetch(`${s.base}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('%zz:').toString('base64')}`,
      },
      body: 'grant_type=authorization_code&code=c&code_verifier=v',
    }).then(json);
    expect([
      await exchange({ grant_type: 'password', client_id: clientId }),
      await exchange({ grant_type: 'authorization_code', client_id: clientId }),
      await exchange({ grant_type: 'authorization_code' }),
      await exchange({
        grant_type: 'authorization_code',
        client_id: 'asc_unknownunknownunknownunknownunkn',
        code: 'c',
        code_verifier: 'v',
      }),
      dup,
      brokenBasic,
    ]).toEqual([
      {
        status: 400,
        body: {
          error: 'unsupported_grant_type',
          error_description: 'grant_type must be authorization_code or refresh_token',
        },
      },
      { status: 400, body: { error: 'invalid_request', error_description: 'code is required' } },
      { status: 400, body: { error: 'invalid_request', error_description: 'client_id is required' } },
      {
        status: 401,
        body: {
          error: 'invalid_client',
          error_description:
            'client_id asc_unknownunknownunknownunknownunkn is not registered here (or its registration expired): register again',
        },
      },
      {
        status: 400,
        body: { error: 'invalid_request', error_description: 'body/grant_type must be string' },
      },
      {
        status: 401,
        body: {
          error: 'invalid_client',
          error_description: 'the client id in the Authorization header is not form-urlencoded',
        },
      },
    ]);
  });
});

describe('acting as the person', () => {
  it('a signed-in request never uses SLACK_USER_TOKEN, refuses X-Slack-Token beside it, and API tokens still work', async () => {
    const own = await startReplica({ slack, config: { SLACK_USER_TOKEN: 'xoxp-demo-user' } });
    try {
      const { tokens } = await signInWithSdk(own.base, DEMO_OTHER_USER_ID);
      slack.reset();
      expect((await searchAs(own.base, tokens.access_token, 'launch')).status).toBe(200);
      expect(slack.calls.map((c) => c.token).filter((t) => t === 'xoxp-demo-user')).toEqual([]);
      const both = await fetch(`${own.base}/search/messages?query=x`, {
        headers: { authorization: `Bearer ${tokens.access_token}`, 'x-slack-token': 'xoxp-demo-user' },
      });
      expect(await json(both)).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          code: 'AS_ERR_SLACK_TOKEN_WITH_SIGN_IN',
          error: 'Bad Request',
          message:
            'X-Slack-Token cannot be sent with a signed-in person’s bearer token: the request acts as that person only',
        },
      });
      expect((await searchAs(own.base, API_TOKEN, 'deploy')).status).toBe(200);
    } finally {
      await own.app.close();
    }
  });

  it('with no person, no X-Slack-Token and no SLACK_USER_TOKEN: a 401 naming both ways in', async () => {
    const res = await fetch(`${s.base}/search/messages?query=x`, {
      headers: { authorization: `Bearer ${API_TOKEN}` },
    });
    expect({ ...(await json(res)), challenge: res.headers.get('www-authenticate') }).toEqual({
      status: 401,
      body: {
        statusCode: 401,
        code: 'AS_ERR_NO_SLACK_TOKEN',
        error: 'Unauthorized',
        message:
          'No Slack identity for this request: sign in with Slack (a bearer token from this server, see /signin) or send X-Slack-Token (a user token, xoxp-…); a service may use SLACK_USER_TOKEN',
      },
      challenge: `Bearer realm="agent-search", resource_metadata="${s.base}/.well-known/oauth-protected-resource", scope="slack:public"`,
    });
  });

  it('Slack revoking the token: that request is a 401 (AS_ERR_SLACK_AUTH), the next one invalid_token; never a 500', async () => {
    const { tokens } = await signInWithSdk(s.base, DEMO_USER_ID);
    expect((await searchAs(s.base, tokens.access_token, 'first')).status).toBe(200);
    const slackToken = slack.calls.filter((c) => c.method === 'search.messages').at(-1)?.token as string;
    slack.revokeToken(slackToken);
    const refused = await searchAs(s.base, tokens.access_token, 'second');
    const next = await searchAs(s.base, tokens.access_token, 'third');
    expect([refused.status, refused.body.code, refused.body.message, next.status, next.body.code]).toEqual([
      401,
      'AS_ERR_SLACK_AUTH',
      'Slack ended this sign-in (token_revoked): sign in with Slack again',
      401,
      'AS_ERR_INVALID_TOKEN',
    ]);
  });

  it('revocation (RFC 7009) ends that client’s grant only, for the client it was issued to; an unknown token is answered 200', async () => {
    const one = await signInWithSdk(s.base, DEMO_OTHER_USER_ID, 'Client one');
    const two = await signInWithSdk(s.base, DEMO_OTHER_USER_ID, 'Client two');
    const clientOf = (p: typeof one) => p.provider.client?.client_id as string;
    const revokes = slack.count('auth.revoke');
    const revoke = (fields: Record<string, string>) =>
      fetch(`${s.base}/oauth/revoke`, form(fields)).then(json);
    expect(await revoke({ token: 'asr_nothing-we-issued', client_id: clientOf(one) })).toEqual({
      status: 200,
      body: {},
    });
    expect(await revoke({ token: one.tokens.access_token, client_id: clientOf(two) })).toEqual({
      status: 400,
      body: {
        error: 'invalid_request',
        error_description: 'The token was not issued to this client: it stays as it was',
      },
    });
    expect(await revoke({ token: one.tokens.access_token })).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: 'client_id is required' },
    });
    expect((await searchAs(s.base, one.tokens.access_token, 'deploy')).status).toBe(200);
    expect(await revoke({ token: one.tokens.access_token, client_id: clientOf(one) })).toEqual({
      status: 200,
      body: {},
    });
    expect([
      (await searchAs(s.base, one.tokens.access_token, 'deploy')).status,
      (await searchAs(s.base, two.tokens.access_token, 'deploy')).status,
      slack.count('auth.revoke') - revokes,
    ]).toEqual([401, 200, 0]);
  });

  it('a token issued for another deployment (another PUBLIC_URL on the same Redis records) is refused', async () => {
    const { startRedisServer } = await import('../support/redis-server.js');
    const redis = await startRedisServer();
    const one = await startReplica({ slack, redisUrl: redis.url });
    const other = await startReplica({ slack, redisUrl: redis.url });
    try {
      const { tokens } = await signInWithSdk(one.base, DEMO_USER_ID);
      const res = await searchAs(other.base, tokens.access_token, 'deploy');
      expect([res.status, res.body.message]).toEqual([
        401,
        `Invalid access token: the access token is for ${one.base}/mcp, not this server`,
      ]);
    } finally {
      await one.app.close();
      await other.app.close();
      await redis.stop();
    }
  });
});
