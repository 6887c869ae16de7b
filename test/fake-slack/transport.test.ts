import { type WebAPIPlatformError, WebClient } from '@slack/web-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSlack, startFakeSlack } from '../../fake-slack/index.js';
import { tinyWorkspace } from './tiny-workspace.js';

let fake: FakeSlack;
const client = (token?: string) =>
  new WebClient(token, { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
const post = (method: string, init: RequestInit = {}) =>
  fetch(`${fake.url}${method}`, { method: 'POST', ...init });

async function platformError(call: Promise<unknown>): Promise<WebAPIPlatformError> {
  const error = (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as WebAPIPlatformError;
  expect(error.code).toBe('slack_webapi_platform_error');
  return error;
}

beforeAll(async () => {
  const workspace = tinyWorkspace();
  workspace.tokens.push(
    { token: 'xoxp-revoked', type: 'user', userId: 'U0ANN', scopes: [], status: 'revoked' },
    { token: 'xoxp-gone', type: 'user', userId: 'U0CAT', scopes: [], status: 'inactive' },
  );
  fake = await startFakeSlack({ workspace });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('transport', () => {
  it('records the WebClient wire format: POST, form-encoded strings, Bearer token', async () => {
    await client('xoxp-ann').conversations.replies({
      channel: 'C0GEN',
      ts: '1772445600.000100',
      limit: 2,
      inclusive: true,
    });
    expect(fake.url).toBe(`http://127.0.0.1:${fake.port}/api/`);
    expect(fake.count()).toBe(1);
    expect(fake.count('conversations.replies')).toBe(1);
    const [call] = fake.calls;
    expect(call).toMatchObject({
      method: 'conversations.replies',
      httpMethod: 'POST',
      path: '/api/conversations.replies',
      token: 'xoxp-ann',
      params: { channel: 'C0GEN', ts: '1772445600.000100', limit: '2', inclusive: 'true' },
    });
    expect(call?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call?.headers.authorization).toBe('Bearer xoxp-ann');
  });

  it('answers JSON with charset and scope headers, which the SDK surfaces', async () => {
    const response = await post('auth.test', { headers: { authorization: 'Bearer xoxp-ann-narrow' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-oauth-scopes')).toBe('search:read,users:read');
    const result = await client('xoxp-ann-narrow').search.messages({ query: 'deploy' });
    expect(result.response_metadata).toEqual({
      scopes: ['search:read', 'users:read'],
      acceptedScopes: ['search:read'],
    });
  });

  it('takes the token from the body, and prefers the header when both are sent', async () => {
    const body = new URLSearchParams({ token: 'xoxp-bob' });
    const fromBody = await post('auth.test', { body }).then((r) => r.json());
    expect(fromBody).toMatchObject({ ok: true, user_id: 'U0BOB' });
    const both = await post('auth.test', { body, headers: { authorization: 'Bearer xoxp-ann' } }).then((r) =>
      r.json(),
    );
    expect(both).toMatchObject({ ok: true, user_id: 'U0ANN' });
  });

  it('accepts JSON bodies and query-string params', async () => {
    const json = await post('users.info', {
      headers: { authorization: 'Bearer xoxp-ann', 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ user: 'U0BOB' }),
    }).then((r) => r.json());
    expect(json).toMatchObject({ ok: true, user: { id: 'U0BOB', name: 'bob' } });
    const query = await post('users.info?user=U0CAT&token=xoxp-ann').then((r) => r.json());
    expect(query).toMatchObject({ ok: true, user: { id: 'U0CAT' } });
    const broken = await post('users.info', {
      headers: { authorization: 'Bearer xoxp-ann', 'content-type': 'application/json' },
      body: '{nope',
    }).then((r) => r.json());
    expect(broken).toEqual({ ok: false, error: 'invalid_json' });
  });

  it.each([
    [undefined, 'not_authed'],
    ['xoxp-unknown', 'invalid_auth'],
    ['xoxp-revoked', 'token_revoked'],
    ['xoxp-gone', 'account_inactive'],
  ])('token %s → HTTP 200 %s, thrown as a platform error', async (token, code) => {
    const error = await platformError(client(token).auth.test());
    expect(error.data).toEqual({ ok: false, error: code, response_metadata: {} });
  });

  it('rejects unknown methods with unknown_method', async () => {
    const error = await platformError(client('xoxp-ann').apiCall('nope.nope'));
    expect(error.data.error).toBe('unknown_method');
  });

  it('answers 404 outside /api/<method>, so a host-only slackApiUrl fails loudly', async () => {
    const response = await fetch(fake.url.replace('/api/', '/auth.test'), { method: 'POST' });
    expect(response.status).toBe(404);
  });

  it('reports missing scopes with needed/provided, and bot tokens may not search', async () => {
    const missing = await platformError(
      client('xoxp-ann-narrow').conversations.replies({ channel: 'C0SEC', ts: '1772535600.000100' }),
    );
    expect(missing.data).toEqual({
      ok: false,
      error: 'missing_scope',
      needed: 'groups:history',
      provided: 'search:read,users:read',
      response_metadata: { scopes: ['search:read', 'users:read'], acceptedScopes: expect.any(Array) },
    });
    const bot = await platformError(client('xoxb-ci').search.messages({ query: 'deploy' }));
    expect(bot.data.error).toBe('not_allowed_token_type');
  });
});
