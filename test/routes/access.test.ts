import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, trustProxySetting } from '../../src/config.js';
import { API_TOKEN, buildHarness, errorBody, type Harness } from '../helper.js';

const CATALOG_ONLY = 'access-catalog-only-71f0';
const SLACK_ONLY = 'access-slack-only-2b9e';
const SCOPED = 'access-scoped-p1-c4d3';
const sha = (t: string) => createHash('sha256').update(t).digest('hex');

let h: Harness;
beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'as-access-')), 'tokens.json');
  writeFileSync(
    file,
    JSON.stringify([
      { name: 'router', sha256: sha(CATALOG_ONLY), projects: '*', access: ['catalog'] },
      { name: 'agent', sha256: sha(SLACK_ONLY), projects: '*', access: ['slack'] },
      { name: 'scoped', sha256: sha(SCOPED), projects: ['p1'] },
    ]),
  );
  h = await buildHarness({ config: { API_TOKENS_FILE: file, AUTH_FAILURES_MAX: 3 } });
});
afterAll(() => h.close());

const SEARCH = '/search/messages?query=deploy';
const send = (url: string, headers: Record<string, string>, remoteAddress = '10.0.0.1') =>
  h.app.inject({
    method: url === '/catalog/search' ? 'POST' : 'GET',
    url,
    headers,
    remoteAddress,
    ...(url === '/catalog/search' ? { payload: { query: ['send'], tools: [] } } : {}),
  });
const bearer = (token: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  ...extra,
});

describe('access areas (API_TOKENS_FILE "access")', () => {
  it.each([
    ['a catalog-only token on a Slack route', CATALOG_ONLY, SEARCH, 403, 'slack'],
    ['a catalog-only token on the catalog', CATALOG_ONLY, '/catalog/search', 200, ''],
    ['a Slack-only token on the catalog', SLACK_ONLY, '/catalog/search', 403, 'catalog'],
    ['a Slack-only token on a Slack route', SLACK_ONLY, SEARCH, 200, ''],
    ['a token without "access" (both) on a Slack route', SCOPED, SEARCH, 200, ''],
  ] as const)('%s → %i', async (_name, token, url, status, area) => {
    const res = await send(url, bearer(token, { 'x-project-id': 'p1' }));
    expect(res.statusCode).toBe(status);
    if (status === 403)
      expect(res.json()).toEqual(
        errorBody(403, 'AS_ERR_ACCESS_FORBIDDEN', `This token may not use the ${area} routes`),
      );
  });

  it('is checked by app.requireAccess, which other front ends (MCP) call', () => {
    const request = { apiClient: { access: new Set(['catalog']) } } as never;
    expect(() => h.app.requireAccess(request, 'catalog')).not.toThrow();
    expect(() => h.app.requireAccess(request, 'slack')).toThrow('This token may not use the slack routes');
  });
});

describe('project scoping', () => {
  const REQUIRED = errorBody(
    403,
    'AS_ERR_PROJECT_REQUIRED',
    'This token is scoped to projects: name one of them in X-Project-Id',
  );
  it.each([
    ['no project header', {}, REQUIRED],
    ['an empty X-Project-Id', { 'x-project-id': '' }, REQUIRED],
    [
      'an empty X-Project-Id beside x-mcpr-project: p1',
      { 'x-project-id': ' ', 'x-mcpr-project': 'p1' },
      REQUIRED,
    ],
    [
      'X-Project-Id p2 beside x-mcpr-project: p1',
      { 'x-project-id': 'p2', 'x-mcpr-project': 'p1' },
      errorBody(403, 'AS_ERR_PROJECT_FORBIDDEN', 'This token may not search project "p2"'),
    ],
  ])('a scoped token with %s → 403', async (_name, headers, body) => {
    const res = await send(SEARCH, bearer(SCOPED, headers as Record<string, string>));
    expect([res.statusCode, res.json()]).toEqual([403, body]);
  });
});

describe('bearer tokens', () => {
  it('accept the scheme in any case (RFC 7235)', async () => {
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const res = await send('/catalog/search', { authorization: `${scheme} ${API_TOKEN}` });
      expect(res.statusCode).toBe(200);
    }
  });

  it('limit invalid attempts per client address: 429 with Retry-After, valid tokens and other addresses unaffected', async () => {
    const wrong = bearer('not-a-token');
    for (let i = 0; i < 3; i++) expect((await send(SEARCH, wrong, '10.9.9.9')).statusCode).toBe(401);
    // A valid token from the same address (a colleague behind the same NAT) is never refused.
    expect((await send(SEARCH, bearer(API_TOKEN), '10.9.9.9')).statusCode).toBe(200);
    expect((await send('/catalog/search', bearer(CATALOG_ONLY), '10.9.9.9')).statusCode).toBe(200);
    const limited = await send(SEARCH, bearer('another-guess'), '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(
      errorBody(
        429,
        'AS_ERR_AUTH_RATE_LIMITED',
        `Too many invalid bearer tokens from this address: retry after ${limited.headers['retry-after']} s`,
      ),
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(SEARCH, {}, '10.9.9.9')).statusCode).toBe(401);
    expect((await send(SEARCH, wrong, '10.9.9.8')).statusCode).toBe(401);
  });
});

describe('X-Slack-Token', () => {
  it('sent empty → 400, never the service token', async () => {
    const calls = h.slack.count('search.messages');
    const res = await send(SEARCH, bearer(API_TOKEN, { 'x-slack-token': ' ' }));
    expect([res.statusCode, res.json()]).toEqual([
      400,
      errorBody(
        400,
        'AS_ERR_EMPTY_SLACK_TOKEN',
        'X-Slack-Token is empty: send a Slack user token (xoxp-…) or leave the header out',
      ),
    ]);
    expect(h.slack.count('search.messages')).toBe(calls);
  });
});

describe('TRUST_PROXY', () => {
  const behindProxy = (h2: Harness, client: string, token: string) =>
    h2.app.inject({
      method: 'GET',
      url: SEARCH,
      headers: { ...bearer(token), 'x-forwarded-for': client },
      remoteAddress: '10.0.0.2',
    });

  it.each([
    ['unset: X-Forwarded-For is ignored, so clients behind one proxy share its address', undefined, 429],
    ['a hop count: each client behind the proxy has its own address', '1', 401],
    ['the proxy’s range: each client behind the proxy has its own address', '10.0.0.0/8, loopback', 401],
  ])('%s', async (_name, trust, otherClient) => {
    const h2 = await buildHarness({ config: { AUTH_FAILURES_MAX: 2, ...(trust && { TRUST_PROXY: trust }) } });
    try {
      for (let i = 0; i < 2; i++)
        expect((await behindProxy(h2, '203.0.113.5', 'guess')).statusCode).toBe(401);
      expect((await behindProxy(h2, '203.0.113.5', 'guess')).statusCode).toBe(429);
      expect((await behindProxy(h2, '198.51.100.7', 'guess')).statusCode).toBe(otherClient);
      expect((await behindProxy(h2, '203.0.113.5', API_TOKEN)).statusCode).toBe(200);
    } finally {
      await h2.close();
    }
  });

  it.each([
    ['1', 1],
    ['3', 3],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    [' 10.1.2.3 , fd00::/8,loopback', ['10.1.2.3', 'fd00::/8', 'loopback']],
  ])('takes %j', (value, setting) => {
    expect(trustProxySetting(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY)).toEqual(setting);
  });

  it.each(['true', '0', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/8', '1.5'])(
    'refuses %j naming it',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        `Invalid configuration: TRUST_PROXY must be a hop count (1 or more) or addresses and CIDR ranges separated by commas; ${JSON.stringify(value)} is neither`,
      );
    },
  );
});
