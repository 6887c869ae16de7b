import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_OTHER_USER_ID, DEMO_USER_ID, type FakeSlack } from '../../fake-slack/index.js';
import type { ReadCaller } from '../../src/reads/caller.js';
import { READS } from '../../src/reads/reads.js';
import { RecordNames } from '../../src/sign-in/names.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import { authorizeUrl, form, pkce, register, token } from './attacks/attack-kit.js';
import { HeadlessBrowser } from './browser.js';
import { CLIENT_REDIRECT } from './mcp-oauth-client.js';
import { KEY_SECRET, type SignInReplica, startOAuthSlack, startReplica } from './sign-in-harness.js';

// The consent a person controls, through real HTTP: what the consent page offers and preselects, each scope's
// tokens and what the reads' caller is then told it may read (REST and /mcp), a client asking for more, a
// refresh that narrows and never widens, the scope of before (slack:read), and revoking one client alone.

let slack: FakeSlack;
let redis: RedisServer;
let s: SignInReplica;
let store: Redis;
beforeAll(async () => {
  slack = await startOAuthSlack();
  redis = await startRedisServer();
  s = await startReplica({ slack, redisUrl: redis.url });
  store = new Redis(redis.url);
});
afterAll(async () => {
  store?.disconnect();
  await s?.app.close();
  await redis?.stop();
  await slack?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const EVERY_KIND = ['im', 'mpim', 'private', 'public'];
const KINDS: Record<string, string[]> = {
  'slack:public': ['public'],
  'slack:private': ['mpim', 'private', 'public'],
  'slack:dm': EVERY_KIND,
};

/** The person's browser through our consent page (ticking `tick`, else what it preselects) and Slack; the code. */
async function approve(
  clientId: string,
  options: { ask?: string; tick?: string; browser?: HeadlessBrowser; user?: string } = {},
) {
  const { verifier, challenge } = pkce();
  const browser =
    options.browser ?? new HeadlessBrowser({ user: options.user ?? DEMO_USER_ID, scope: options.tick });
  const start = authorizeUrl(s.base, clientId, { code_challenge: challenge, scope: options.ask });
  const back = await browser.follow(start, CLIENT_REDIRECT);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code: ${back.href}`);
  return { code, verifier, browser };
}

/** A code exchanged by its client: status and body. */
const exchange = (clientId: string, { code, verifier }: { code: string; verifier: string }) =>
  token(s.base, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId });

const refresh = (clientId: string, refreshToken: string, scope?: string) =>
  token(s.base, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: clientId,
    ...(scope === undefined ? {} : { scope }),
  });

const tokensBody = (scope: string) => ({
  status: 200,
  body: {
    access_token: expect.stringMatching(/^ast_[A-Za-z0-9_-]{43}$/),
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: expect.stringMatching(/^asr_[A-Za-z0-9_-]{43}$/),
    scope,
  },
});

/**
 * What the reads' caller is told the bearer may read, over REST and over /mcp: the read runs as it always does
 * (the spy only watches its caller), and each answer's status comes back with it.
 */
async function grantedKindsOf(accessToken: string, slackToken?: string) {
  const read = READS.find((r) => r.name === 'search-channels');
  if (!read) throw new Error('no search-channels read');
  const callers: ReadCaller[] = [];
  const run = read.run.bind(read);
  vi.spyOn(read, 'run').mockImplementation((deps, caller, params, wording) => {
    callers.push(caller);
    return run(deps, caller, params, wording);
  });
  const authorization = `Bearer ${accessToken}`;
  const asWho: Record<string, string> = slackToken ? { 'x-slack-token': slackToken } : {};
  const rest = await fetch(`${s.base}/search/channels?query=launch`, {
    headers: { authorization, ...asWho },
  });
  const mcp = await fetch(`${s.base}/mcp`, {
    method: 'POST',
    headers: {
      authorization,
      ...asWho,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'slack_search_channels', arguments: { query: 'launch' } },
    }),
  });
  const mcpBody = (await mcp.json()) as { result?: { isError?: boolean } };
  return {
    status: [rest.status, mcp.status, mcpBody.result?.isError ?? false],
    kinds: callers.map((c) => (c.grantedKinds ? [...c.grantedKinds].sort() : undefined)),
  };
}

/** The radio buttons of a consent page: each scope and whether it is checked. */
const choices = (html: string) =>
  [...html.matchAll(/<input type="radio" id="[^"]+" name="scope" value="([^"]+)"( checked)?>/g)].map(
    (m) => `${m[1]}${m[2] ? ' (checked)' : ''}`,
  );

const consentPageOf = async (url: string, browser = new HeadlessBrowser({ user: DEMO_USER_ID })) => {
  const res = await browser.request(url);
  return { status: res.status, html: await res.text() };
};

describe('what the consent page offers', () => {
  it('the least preselected when the client asks for nothing; what it asks for when it does', async () => {
    const clientId = await register(s.base, { name: 'Preselect client' });
    // Scopes that are not ours are ignored (RFC 6749 §3.3): the last two ask for private channels, then nothing.
    const asked = [undefined, 'slack:private', 'slack:public slack:dm', 'slack:read'];
    const pages = await Promise.all(
      [...asked, 'openid slack:private offline_access', 'openid profile'].map((scope) =>
        consentPageOf(authorizeUrl(s.base, clientId, { scope })),
      ),
    );
    expect(
      pages.map(({ status, html }) => ({
        status,
        choices: choices(html),
        asked: /<span id="asked">([^<]*)<\/span>/.exec(html)?.[1],
      })),
    ).toEqual([
      {
        status: 200,
        choices: ['slack:public (checked)', 'slack:private', 'slack:dm'],
        asked: 'It did not say what it needs.',
      },
      {
        status: 200,
        choices: ['slack:public', 'slack:private (checked)', 'slack:dm'],
        asked: 'It asks to read public and private channels, group DMs.',
      },
      {
        status: 200,
        choices: ['slack:public', 'slack:private', 'slack:dm (checked)'],
        asked: 'It asks to read public and private channels, group DMs, direct messages.',
      },
      {
        status: 200,
        choices: ['slack:public', 'slack:private', 'slack:dm (checked)'],
        asked: 'It asks to read public and private channels, group DMs, direct messages.',
      },
      {
        status: 200,
        choices: ['slack:public', 'slack:private (checked)', 'slack:dm'],
        asked: 'It asks to read public and private channels, group DMs.',
      },
      {
        status: 200,
        choices: ['slack:public (checked)', 'slack:private', 'slack:dm'],
        asked: 'It did not say what it needs.',
      },
    ]);
  });

  it('a consent form naming a scope the page does not offer is a 400 naming the choices', async () => {
    const clientId = await register(s.base);
    const browser = new HeadlessBrowser({ user: DEMO_USER_ID });
    const page = await consentPageOf(authorizeUrl(s.base, clientId), browser);
    const field = (name: string) =>
      new RegExp(`name="${name}" value="([^"]*)"`).exec(page.html)?.[1] as string;
    const res = await browser.request(`${s.base}/oauth/consent`, {
      method: 'POST',
      form: { pending: field('pending'), csrf: field('csrf'), decision: 'approve', scope: 'slack:admin' },
    });
    expect({ status: res.status, message: /<p>([^<]*)<\/p>/.exec(await res.text())?.[1] }).toEqual({
      status: 400,
      message: 'scope must be one of slack:public, slack:private, slack:dm: the choice on the consent page',
    });
  });
});

describe('each scope, from consent to the reads', () => {
  it.each(Object.keys(KINDS))(
    '%s: the token says it, and the caller of every read is told so (REST and /mcp)',
    async (scope) => {
      const clientId = await register(s.base, { name: `Client for ${scope}` });
      const answer = await exchange(clientId, await approve(clientId, { tick: scope }));
      expect(answer).toEqual(tokensBody(scope));
      expect(await grantedKindsOf(answer.body.access_token)).toEqual({
        status: [200, 200, false],
        kinds: [KINDS[scope], KINDS[scope]],
      });
    },
  );

  it('never more than the person ticks: a client asking for DMs gets public channels when that is the choice', async () => {
    const clientId = await register(s.base);
    const answer = await exchange(
      clientId,
      await approve(clientId, { ask: 'slack:dm', tick: 'slack:public' }),
    );
    expect(answer).toEqual(tokensBody('slack:public'));
  });

  it('API tokens have no consent limit: their caller has no grantedKinds', async () => {
    const { API_TOKEN } = await import('../helper.js');
    expect(await grantedKindsOf(API_TOKEN, 'xoxp-demo-user')).toEqual({
      status: [200, 200, false],
      kinds: [undefined, undefined],
    });
  });
});

describe('a client asking for more (scope step-up)', () => {
  it('goes straight back for what was approved; for more, the consent page again with the wider choice', async () => {
    const clientId = await register(s.base, { name: 'Step-up client' });
    const first = await approve(clientId, { ask: 'slack:public' });
    expect(await exchange(clientId, first)).toEqual(tokensBody('slack:public'));
    const { browser } = first;
    // Asked again for no more: no page, a code for what it asked.
    const visits = browser.visits.length;
    const again = await approve(clientId, { ask: 'slack:public', browser });
    expect(browser.visits.slice(visits).map((v) => `${v.url.replace(s.base, '')} ${v.status}`)).toEqual([
      'GET /oauth/authorize 302',
    ]);
    expect(await exchange(clientId, again)).toEqual(tokensBody('slack:public'));
    // After an insufficient_scope challenge naming slack:dm: the page again, DMs preselected, what it had said.
    const page = await consentPageOf(authorizeUrl(s.base, clientId, { scope: 'slack:dm' }), browser);
    expect({
      status: page.status,
      choices: choices(page.html),
      before: /<p id="approved-before">([^<]*)<\/p>/.exec(page.html)?.[1],
    }).toEqual({
      status: 200,
      choices: ['slack:public', 'slack:private', 'slack:dm (checked)'],
      before: 'You let it read public channels so far.',
    });
    const wider = await approve(clientId, { ask: 'slack:dm', browser });
    expect(await exchange(clientId, wider)).toEqual(tokensBody('slack:dm'));
    // Asking for nothing now gets all that was approved, with no page.
    const visitsBefore = browser.visits.length;
    const all = await approve(clientId, { browser });
    expect(browser.visits.length - visitsBefore).toBe(1);
    expect(await exchange(clientId, all)).toEqual(tokensBody('slack:dm'));
  });
});

describe('refresh: may narrow, never widen', () => {
  it('a narrower access token on request; the refresh token keeps its scope; wider is invalid_scope, unknown ignored', async () => {
    const clientId = await register(s.base);
    const first = (await exchange(clientId, await approve(clientId, { tick: 'slack:dm' }))).body;
    const narrowed = await refresh(clientId, first.refresh_token, 'slack:public');
    expect(narrowed).toEqual(tokensBody('slack:public'));
    expect((await grantedKindsOf(narrowed.body.access_token)).kinds).toEqual([['public'], ['public']]);
    // RFC 6749 §6: the new refresh token has the scope of the one it replaced, so the next may ask for it all.
    const whole = await refresh(clientId, narrowed.body.refresh_token);
    expect(whole).toEqual(tokensBody('slack:dm'));

    const publicOnly = (await exchange(clientId, await approve(clientId, { tick: 'slack:public' }))).body;
    expect(await refresh(clientId, publicOnly.refresh_token, 'slack:private')).toEqual({
      status: 400,
      body: {
        error: 'invalid_scope',
        error_description: 'scope may narrow this refresh token’s (slack:public), never widen it',
      },
    });
    // Refused before it was spent: the refresh token still works; a scope we do not know asks for nothing more.
    expect(await refresh(clientId, publicOnly.refresh_token, 'slack:everything')).toEqual(
      tokensBody('slack:public'),
    );
  });
});

describe('slack:read, the scope of before', () => {
  it('a grant and tokens stored before consent scopes keep working, with everything; a refresh may narrow them', async () => {
    const clientId = await register(s.base);
    const tokens = (await exchange(clientId, await approve(clientId, { tick: 'slack:public' }))).body;
    // Written back as they were stored before: the grant's scope slack:read, token records without a scope.
    const names = new RecordNames(KEY_SECRET);
    const accessKey = names.of('access', tokens.access_token);
    const refreshKey = names.of('refresh', tokens.refresh_token);
    const access = JSON.parse((await store.get(accessKey)) as string) as {
      grantId: string;
      expiresAt: number;
    };
    const grantKey = names.raw('grant', access.grantId);
    const grant = JSON.parse((await store.get(grantKey)) as string) as Record<string, unknown>;
    await store.set(grantKey, JSON.stringify({ ...grant, scope: 'slack:read' }), 'PX', 60_000);
    await store.set(
      accessKey,
      JSON.stringify({ grantId: access.grantId, expiresAt: access.expiresAt }),
      'PX',
      60_000,
    );
    await store.set(refreshKey, JSON.stringify({ grantId: access.grantId }), 'PX', 60_000);

    expect(await grantKindsOrFail(tokens.access_token)).toEqual([EVERY_KIND, EVERY_KIND]);
    const narrowed = await refresh(clientId, tokens.refresh_token, 'slack:private');
    expect(narrowed).toEqual(tokensBody('slack:private'));
    expect(await refresh(clientId, narrowed.body.refresh_token)).toEqual(tokensBody('slack:read'));
  });
});

async function grantKindsOrFail(accessToken: string) {
  const { status, kinds } = await grantedKindsOf(accessToken);
  expect(status).toEqual([200, 200, false]);
  return kinds;
}

describe('revoking one client on the people’s page', () => {
  it('ends that client’s tokens at once, and its code in flight; the others keep working', async () => {
    const one = await register(s.base, { name: 'Client One' });
    const two = await register(s.base, { name: 'Client Two' });
    const first = await approve(one, { ask: 'slack:private', user: DEMO_OTHER_USER_ID });
    const { browser } = first;
    const oneTokens = (await exchange(one, first)).body;
    const twoTokens = (await exchange(two, await approve(two, { browser }))).body;
    const inFlight = await approve(one, { browser });

    const page = await browser.request(`${s.base}/signin`);
    const html = await page.text();
    const listed = (text: string) =>
      [
        ...text.matchAll(
          /<strong class="client-name">([^<]*)<\/strong>[\s\S]*?<span class="reads">([^<]*)<\/span>/g,
        ),
      ].map((m) => `${m[1]}: ${m[2]}`);
    expect(listed(html).sort()).toEqual([
      'Client One: public and private channels, group DMs',
      'Client Two: public channels',
    ]);
    const csrf = /name="csrf" value="([^"]*)"/.exec(html)?.[1] as string;

    // Not from the page (no CSRF token of this session): refused, nothing ended.
    const forged = await browser.request(`${s.base}/signin/revoke`, {
      method: 'POST',
      form: { csrf: 'forged', client_id: one },
    });
    expect(forged.status).toBe(403);
    expect((await grantedKindsOf(oneTokens.access_token)).status).toEqual([200, 200, false]);

    const revoked = await browser.request(`${s.base}/signin/revoke`, {
      method: 'POST',
      form: { csrf, client_id: one },
    });
    expect({ status: revoked.status, location: revoked.headers.get('location') }).toEqual({
      status: 303,
      location: '/signin?revoked=1',
    });
    const rest = (accessToken: string) =>
      fetch(`${s.base}/search/channels?query=launch`, {
        headers: { authorization: `Bearer ${accessToken}` },
      }).then((res) => res.status);
    expect([await rest(oneTokens.access_token), await rest(twoTokens.access_token)]).toEqual([401, 200]);
    expect(await refresh(one, oneTokens.refresh_token)).toEqual({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: 'The grant of this refresh token has ended: sign in again',
      },
    });
    expect(await exchange(one, inFlight)).toEqual({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: 'The person revoked this client’s access after the code was issued',
      },
    });
    expect(await refresh(two, twoTokens.refresh_token)).toEqual(tokensBody('slack:public'));

    const after = await (await browser.request(`${s.base}/signin?revoked=1`)).text();
    expect(listed(after)).toEqual(['Client Two: public channels']);
    expect(after).toContain('That client’s access has ended');
    // Its approval is forgotten: it asks again.
    const asked = await browser.request(authorizeUrl(s.base, one, { code_challenge: pkce().challenge }));
    expect(asked.status).toBe(200);
  });

  it('a form without client_id is a 400 naming it', async () => {
    const first = await approve(await register(s.base));
    const html = await (await first.browser.request(`${s.base}/signin`)).text();
    const csrf = /name="csrf" value="([^"]*)"/.exec(html)?.[1] as string;
    const res = await fetch(`${s.base}/signin/revoke`, {
      ...form({ csrf }, { cookie: cookieOf(first.browser) }),
      redirect: 'manual',
    });
    expect({ status: res.status, message: /<p>([^<]*)<\/p>/.exec(await res.text())?.[1] }).toEqual({
      status: 400,
      message: 'client_id is required: the client to revoke',
    });
  });
});

const cookieOf = (browser: HeadlessBrowser) =>
  [...(browser.cookies.get(new URL(s.base).host) ?? new Map()).entries()]
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
