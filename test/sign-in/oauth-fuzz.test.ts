import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_ID, type FakeSlack } from '../../fake-slack/index.js';
import { takeContractViolations } from '../support/contract-hook.js';
import { SIGNING_SECRET, type SignInReplica, startOAuthSlack, startReplica } from './sign-in-harness.js';
import { signInWithSdk } from './sign-in-steps.js';

// A property-based fuzz of every OAuth and sign-in endpoint: requests built from the names each endpoint reads,
// with values mixing real ones (a registered client, its redirect URI, a person's live tokens, PKCE values)
// with hostile ones (empty, huge, control characters, unpaired surrogates, other schemes, repeated keys),
// random cookies and client authentication. Every answer is below 500 and is the one the committed API document
// gives for its status (the contract hook checks status, content type, body schema and documented headers).

let slack: FakeSlack;
let replica: SignInReplica;
const real = new Map<string, string[]>();
beforeAll(async () => {
  slack = await startOAuthSlack();
  replica = await startReplica({ slack });
  const { tokens, provider } = await signInWithSdk(replica.base, DEMO_USER_ID);
  const info = provider.clientInformation() as { client_id: string };
  const redirect = String(provider.redirectUrl);
  real.set('client_id', [info.client_id]);
  real.set('redirect_uri', [redirect]);
  real.set('token', [tokens.access_token, tokens.refresh_token ?? '']);
  real.set('refresh_token', [tokens.refresh_token ?? '']);
  real.set('resource', [`${replica.base}/mcp`, `${replica.base.toUpperCase()}/mcp`, `${replica.base}/`]);
  takeContractViolations();
});
afterAll(async () => {
  await replica?.app.close();
  await slack?.close();
});

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    'x'.repeat(5000),
    'javascript:alert(1)',
    'https://phish.example/login',
    'https://slack.com:x@evil.example/a',
    'http://[::1]/',
    'S256',
    'plain',
    'code',
    'token',
    'none',
    'authorization_code',
    'refresh_token',
    'client_credentials',
    'approve',
    'deny',
    '%00',
    '../..',
    '{}',
    '[]',
  ),
);

/** A value for `name`: a real one when there is one, often, else a hostile one. */
const valueFor = (name: string) => {
  const known = real.get(name) ?? [];
  return known.length > 0 ? fc.oneof(fc.constantFrom(...known), hostile) : hostile;
};

/** A list of (name, value) pairs over `names` (and a few unknown names), keys may repeat. */
const pairs = (names: string[]) =>
  fc.array(
    fc
      .oneof(fc.constantFrom(...names), fc.constantFrom('extra', '__proto__', 'constructor', ''))
      .chain((name) => valueFor(name).map((value) => [name, value] as [string, string])),
    { maxLength: 10 },
  );

const cookies = fc.option(
  fc
    .array(
      fc.tuple(
        fc.constantFrom('as_browser', 'as_session', 'as_slack_state', '__Host-as_browser', 'other'),
        hostile,
      ),
      { maxLength: 3 },
    )
    .map((list) => list.map(([k, v]) => `${k}=${encodeURIComponent(headerSafe(v))}`).join('; ')),
  { nil: undefined },
);
const basic = fc.option(
  fc.oneof(
    hostile.map((s) => `Basic ${Buffer.from(s).toString('base64')}`),
    hostile.map((s) => `Basic ${s}`),
    hostile.map((s) => `Bearer ${s}`),
  ),
  { nil: undefined },
);

interface Sent {
  method: 'GET' | 'POST';
  path: string;
  query?: Array<[string, string]>;
  form?: Array<[string, string]>;
  json?: unknown;
  cookie?: string;
  authorization?: string;
  headers?: Record<string, string>;
}

/** A header value fetch accepts: visible ASCII and spaces only (anything else is refused before it is sent). */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/g, '?');

async function send(sent: Sent): Promise<{ status: number; type: string; body: string }> {
  const url = new URL(sent.path, replica.base);
  for (const [k, v] of sent.query ?? []) url.searchParams.append(k, v);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(sent.headers ?? {})) headers[k] = headerSafe(v);
  if (sent.cookie) headers.cookie = headerSafe(sent.cookie);
  if (sent.authorization) headers.authorization = headerSafe(sent.authorization);
  let body: string | undefined;
  if (sent.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(sent.form).toString();
  } else if (sent.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(sent.json);
  }
  const res = await fetch(url, { method: sent.method, headers, body, redirect: 'manual' });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
}

/** The property every endpoint holds: below 500, and the documented answer for its status. */
async function holds(sent: Sent): Promise<void> {
  const answer = await send(sent);
  const violations = takeContractViolations();
  expect({ status: answer.status < 500, violations }, JSON.stringify(sent).slice(0, 600)).toEqual({
    status: true,
    violations: [],
  });
  if (answer.type.startsWith('application/json')) expect(() => JSON.parse(answer.body)).not.toThrow();
}

const RUNS = { numRuns: 60 };
const AUTHORIZE = [
  'response_type',
  'client_id',
  'redirect_uri',
  'code_challenge',
  'code_challenge_method',
  'state',
  'resource',
  'scope',
];

describe('fuzz: every OAuth and sign-in endpoint answers below 500, in its documented shape', () => {
  it('GET the metadata documents (RFC 8414, RFC 9728), with any query', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/.well-known/oauth-authorization-server',
          '/.well-known/oauth-protected-resource',
          '/.well-known/oauth-protected-resource/mcp',
        ),
        pairs(['resource']),
        async (path, query) => holds({ method: 'GET', path, query }),
      ),
      { numRuns: 20 },
    );
  });

  it('POST /oauth/register with any JSON', async () => {
    const field = fc.oneof(
      hostile,
      fc.array(valueFor('redirect_uri'), { maxLength: 3 }),
      fc.constantFrom(['authorization_code'], ['refresh_token'], ['implicit'], ['none'], ['code']),
      fc.jsonValue({ maxDepth: 3 }),
    );
    const body = fc.oneof(
      fc.dictionary(
        fc.constantFrom(
          'client_name',
          'redirect_uris',
          'grant_types',
          'response_types',
          'token_endpoint_auth_method',
          'scope',
          'client_uri',
          'logo_uri',
          'software_id',
        ),
        field,
      ),
      fc.record({
        client_name: hostile,
        redirect_uris: fc.array(fc.oneof(fc.webUrl(), valueFor('redirect_uri')), {
          minLength: 1,
          maxLength: 3,
        }),
      }),
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (json) => holds({ method: 'POST', path: '/oauth/register', json })),
      RUNS,
    );
  });

  it('GET /oauth/authorize with any query and cookies', async () => {
    await fc.assert(
      fc.asyncProperty(pairs(AUTHORIZE), cookies, async (query, cookie) =>
        holds({ method: 'GET', path: '/oauth/authorize', query, cookie }),
      ),
      RUNS,
    );
  });

  it('POST /oauth/consent with any form and cookies', async () => {
    await fc.assert(
      fc.asyncProperty(pairs(['pending', 'csrf', 'decision', 'scope']), cookies, async (form, cookie) =>
        holds({ method: 'POST', path: '/oauth/consent', form, cookie }),
      ),
      RUNS,
    );
  });

  it('GET /oauth/slack/callback with any query and cookies', async () => {
    await fc.assert(
      fc.asyncProperty(pairs(['code', 'state', 'error']), cookies, async (query, cookie) =>
        holds({ method: 'GET', path: '/oauth/slack/callback', query, cookie }),
      ),
      RUNS,
    );
  });

  it('POST /oauth/token with any form and client authentication', async () => {
    const names = [
      'grant_type',
      'code',
      'code_verifier',
      'redirect_uri',
      'client_id',
      'client_secret',
      'refresh_token',
      'resource',
      'scope',
    ];
    await fc.assert(
      fc.asyncProperty(pairs(names), basic, async (form, authorization) =>
        holds({ method: 'POST', path: '/oauth/token', form, authorization }),
      ),
      RUNS,
    );
  });

  it('POST /oauth/revoke with any form and client authentication', async () => {
    await fc.assert(
      fc.asyncProperty(
        pairs(['token', 'token_type_hint', 'client_id', 'client_secret']),
        basic,
        async (form, authorization) => holds({ method: 'POST', path: '/oauth/revoke', form, authorization }),
      ),
      RUNS,
    );
  });

  it('the people’s page: GET /signin, GET /signin/slack, POST /signin/token, POST /signin/revoke, POST /signin/workspaces/add and /remove, POST /signout', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Array<Pick<Sent, 'method' | 'path'>>>(
          [{ method: 'GET', path: '/signin' }],
          [{ method: 'GET', path: '/signin/slack' }],
          [{ method: 'POST', path: '/signin/token' }],
          [{ method: 'POST', path: '/signin/revoke' }],
          [{ method: 'POST', path: '/signin/workspaces/add' }],
          [{ method: 'POST', path: '/signin/workspaces/remove' }],
          [{ method: 'POST', path: '/signout' }],
        ),
        pairs(['csrf', 'signed_out', 'revoked', 'client_id', 'workspace', 'added', 'removed', 'error']),
        cookies,
        async ([route], fields, cookie) => {
          const { method, path } = route as Pick<Sent, 'method' | 'path'>;
          await holds(
            method === 'GET'
              ? { method, path, query: fields, cookie }
              : { method, path, form: fields, cookie },
          );
        },
      ),
      RUNS,
    );
  });

  it('POST /slack/events with any JSON and signature headers', async () => {
    const now = () => String(Math.floor(Date.now() / 1000));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.record({
            type: fc.constantFrom('url_verification', 'event_callback', 'app_rate_limited', 'x'),
            challenge: hostile,
            event_id: hostile,
            event_time: fc.oneof(fc.integer(), hostile),
            team_id: hostile,
            event: fc.record({ type: fc.constantFrom('tokens_revoked', 'app_uninstalled', 'x') }),
          }),
        ),
        fc.option(fc.tuple(fc.oneof(fc.constant('now'), hostile), hostile), { nil: undefined }),
        async (json, signature) =>
          holds({
            method: 'POST',
            path: '/slack/events',
            json,
            headers: signature
              ? {
                  'x-slack-request-timestamp': signature[0] === 'now' ? now() : signature[0],
                  'x-slack-signature': `v0=${Buffer.from(signature[1] + SIGNING_SECRET).toString('hex')}`,
                }
              : {},
          }),
      ),
      RUNS,
    );
  });
});
