import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSlack } from '../../../fake-slack/index.js';
import { REFRESH_RACE_MS } from '../../../src/sign-in/oauth/grants.js';
import { type SignInReplica, startOAuthSlack, startReplica } from '../sign-in-harness.js';
import { codeFor, register, searchStatus, token, tokensFor } from './attack-kit.js';

// Tokens and codes, attacked: each test is a request that did harm on the service before these rules.

let slack: FakeSlack;
let s: SignInReplica;
let ahead = 0;
beforeAll(async () => {
  slack = await startOAuthSlack();
  s = await startReplica({ slack, clock: () => Date.now() + ahead });
});
afterAll(async () => {
  await s.app.close();
  await slack.close();
});

describe('tokens and codes', () => {
  it('a refused refresh (a resource we refuse) does not spend the refresh token', async () => {
    const clientId = await register(s.base);
    const { tokens } = await tokensFor(s.base, clientId);
    const refresh = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId };
    const refused = await token(s.base, { ...refresh, resource: `${s.base}/other` });
    const corrected = await token(s.base, { ...refresh, resource: `${s.base}/mcp` });
    expect([refused, corrected.status]).toEqual([
      {
        status: 400,
        body: { error: 'invalid_target', error_description: `The grant is bound to ${s.base}/mcp` },
      },
      200,
    ]);
  });

  it('resource is compared canonically at /oauth/token as at /oauth/authorize (host case, default port)', async () => {
    const clientId = await register(s.base);
    const { code, verifier } = await codeFor(s.base, clientId);
    const upper = s.base.replace('127.0.0.1', '127.0.0.1').replace('http://', 'HTTP://');
    const answer = await token(s.base, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: clientId,
      resource: `${upper}/mcp`,
    });
    expect(answer.status).toBe(200);
    const refreshed = await token(s.base, {
      grant_type: 'refresh_token',
      refresh_token: answer.body.refresh_token,
      client_id: clientId,
      resource: `${upper}/mcp`,
    });
    expect(refreshed.status).toBe(200);
  });

  it('a code used twice is refused, and what it already gave stops working', async () => {
    const clientId = await register(s.base);
    const { code, verifier, tokens } = await tokensFor(s.base, clientId);
    expect(await searchStatus(s.base, tokens.access_token)).toBe(200);
    const replay = await token(s.base, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: clientId,
    });
    const refresh = await token(s.base, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect([
      replay.status,
      replay.body.error,
      await searchStatus(s.base, tokens.access_token),
      refresh.status,
    ]).toEqual([400, 'invalid_grant', 401, 400]);
  });

  it('two refreshes at once with one refresh token both get tokens; reuse after the race window ends the grant', async () => {
    const clientId = await register(s.base);
    const { tokens } = await tokensFor(s.base, clientId);
    const refresh = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId };
    const both = await Promise.all([token(s.base, refresh), token(s.base, refresh)]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    const [one, two] = both.map((a) => a.body as Record<string, string>);
    expect(await searchStatus(s.base, one?.access_token as string)).toBe(200);
    expect(await searchStatus(s.base, two?.access_token as string)).toBe(200);
    ahead = REFRESH_RACE_MS + 1;
    try {
      const late = await token(s.base, refresh);
      expect([late.status, late.body.error, await searchStatus(s.base, one?.access_token as string)]).toEqual(
        [400, 'invalid_grant', 401],
      );
    } finally {
      ahead = 0;
    }
  });

  it('a client that did not register refresh_token gets no refresh token and cannot refresh', async () => {
    const clientId = await register(s.base, { grantTypes: ['authorization_code'] });
    const { tokens } = await tokensFor(s.base, clientId);
    expect(Object.keys(tokens).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
    const other = await register(s.base);
    const { tokens: withRefresh } = await tokensFor(s.base, other);
    const refused = await token(s.base, {
      grant_type: 'refresh_token',
      refresh_token: withRefresh.refresh_token,
      client_id: clientId,
    });
    expect(refused).toEqual({
      status: 400,
      body: {
        error: 'unauthorized_client',
        error_description: 'this client did not register the refresh_token grant',
      },
    });
  });

  it('a request naming its client two ways (form and Basic) is refused, even when they agree', async () => {
    const clientId = await register(s.base);
    const { code, verifier } = await codeFor(s.base, clientId);
    const other = await register(s.base);
    const basic = (id: string) => ({ authorization: `Basic ${Buffer.from(`${id}:`).toString('base64')}` });
    const fields = { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId };
    const answers = [await token(s.base, fields, basic(other)), await token(s.base, fields, basic(clientId))];
    const twice = {
      status: 400,
      body: {
        error: 'invalid_request',
        error_description: 'the client is named twice (client_id and HTTP Basic): use one',
      },
    };
    expect(answers).toEqual([twice, twice]);
    // The code was not spent by the refusals.
    expect((await token(s.base, fields)).status).toBe(200);
  });
});
