import { createHash } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { DEMO_OTHER_USER_ID, DEMO_TEAM_ID, DEMO_USER_ID, slackSignature } from '../../fake-slack/index.js';
import type { Config } from '../../src/config.js';

/** Sign-in switched on against the fake Slack's own app (its default client id and secret). */
export const SIGN_IN: Partial<Config> = {
  PUBLIC_URL: 'http://localhost:3000',
  SLACK_CLIENT_ID: 'demo-client-id',
  SLACK_CLIENT_SECRET: 'demo-client-secret',
  SLACK_SIGNING_SECRET: 'contract-signing-secret',
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

const REDIRECT = 'http://127.0.0.1:4999/cb';
/** The demo user, as ADMIN_PEOPLE names an admin. */
const ADMIN = `${DEMO_TEAM_ID}:${DEMO_USER_ID}`;
const VERIFIER = 'contract-verifier-0123456789-0123456789-0123456789';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const OFF: [string, string] = [
  'AS_ERR_SIGN_IN_OFF',
  'Sign in with Slack is not configured on this server (PUBLIC_URL, SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, TOKEN_ENCRYPTION_KEY)',
];

/** A case as contract.test.ts runs it; `prepare` builds the request from earlier steps (cookies, codes). */
interface SignInCase {
  op: string;
  status: number;
  request: InjectOptions;
  prepare?: (app: FastifyInstance) => Promise<InjectOptions>;
  config?: Partial<Config>;
  before?: InjectOptions[];
  pressure?: boolean;
  error?: [string, string];
}

/** app.inject with a cookie jar: what a browser would send back. */
class Jar {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}
  async send(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
    for (const c of res.cookies) if (c.value) this.cookies.set(c.name, c.value);
    return res;
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** A form whose csrf field is given twice: refused by the route's schema before the handler. */
const twice = (url: string): InjectOptions => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: 'csrf=x&csrf=y',
});

const form = (
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): InjectOptions => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  payload: new URLSearchParams(fields).toString(),
});
const json = (url: string, body: unknown): InjectOptions => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});
const field = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? '';

async function registered(app: FastifyInstance): Promise<string> {
  const res = await app.inject(
    json('/oauth/register', { client_name: 'Contract client', redirect_uris: [REDIRECT] }),
  );
  return res.json().client_id as string;
}

const authorizePath = (clientId: string, extra = `&code_challenge=${CHALLENGE}&code_challenge_method=S256`) =>
  `/oauth/authorize?response_type=code&client_id=${clientId}&redirect_uri=${encodeURIComponent(REDIRECT)}&state=s${extra}`;

/** Slack's page (the fake's, over HTTP): Maya (or `user`) signs in; the callback URL Slack sends the browser to. */
async function slackSignsIn(app: FastifyInstance, slackUrl: string, user = DEMO_USER_ID): Promise<string> {
  const url = new URL(slackUrl);
  const res = await fetch(url.origin + url.pathname, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), user }).toString(),
  });
  const back = new URL(res.headers.get('location') as string);
  void app;
  return `${back.pathname}${back.search}`;
}

/** Through consent and Slack to the code the client receives. */
async function code(app: FastifyInstance): Promise<{ clientId: string; code: string; jar: Jar }> {
  const clientId = await registered(app);
  const jar = new Jar(app);
  const page = (await jar.send({ method: 'GET', url: authorizePath(clientId) })).body;
  const toSlack = await jar.send(
    form('/oauth/consent', {
      pending: field(page, 'pending'),
      csrf: field(page, 'csrf'),
      decision: 'approve',
    }),
  );
  const callback = await slackSignsIn(app, toSlack.headers.location as string);
  const back = new URL((await jar.send({ method: 'GET', url: callback })).headers.location as string);
  return { clientId, code: back.searchParams.get('code') as string, jar };
}

/** The people's page signed in (as Maya, or `user`): the jar (session cookie) and the page's CSRF token. */
async function signedInPage(app: FastifyInstance, user = DEMO_USER_ID): Promise<{ jar: Jar; csrf: string }> {
  const jar = new Jar(app);
  const toSlack = await jar.send({ method: 'GET', url: '/signin/slack' });
  await jar.send({ method: 'GET', url: await slackSignsIn(app, toSlack.headers.location as string, user) });
  const page = (await jar.send({ method: 'GET', url: '/signin' })).body;
  return { jar, csrf: field(page, 'csrf') };
}

function signedEvent(body: string): InjectOptions {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    method: 'POST',
    url: '/slack/events',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': slackSignature(SIGN_IN.SLACK_SIGNING_SECRET as string, timestamp, body),
    },
    payload: body,
  };
}

const BODY_ROUTES: Array<[string, string]> = [
  ['registerClient', '/oauth/register'],
  ['decideConsent', '/oauth/consent'],
  ['issueToken', '/oauth/token'],
  ['revokeToken', '/oauth/revoke'],
  ['createPersonalToken', '/signin/token'],
  ['revokeClient', '/signin/revoke'],
  ['signOut', '/signout'],
  ['addWorkspace', '/signin/workspaces/add'],
  ['removeWorkspace', '/signin/workspaces/remove'],
  ['slackEvents', '/slack/events'],
];

/** A signed-in page's trip to Slack to add a workspace: the jar, its CSRF token and Slack's page. */
async function addingWorkspace(app: FastifyInstance, user = DEMO_USER_ID) {
  const { jar, csrf } = await signedInPage(app, user);
  const toSlack = await jar.send(form('/signin/workspaces/add', { csrf }));
  return { jar, csrf, slackPage: toSlack.headers.location as string };
}
const GET_ROUTES: Array<[string, string]> = [
  ['getAuthorizationServerMetadata', '/.well-known/oauth-authorization-server'],
  ['getProtectedResourceMetadata', '/.well-known/oauth-protected-resource'],
  ['getMcpProtectedResourceMetadata', '/.well-known/oauth-protected-resource/mcp'],
  ['authorize', '/oauth/authorize'],
  ['slackCallback', '/oauth/slack/callback'],
  ['getSignInPage', '/signin'],
  ['startSignIn', '/signin/slack'],
  ['getAdminPage', '/admin'],
];

/** The routes whose 429 is our ErrorBody (the others answer it as OAuth's error or as a page). */
const JSON_LIMITED = new Set([
  'getAuthorizationServerMetadata',
  'getProtectedResourceMetadata',
  'getMcpProtectedResourceMetadata',
  'slackEvents',
]);

/** Every documented status of the sign-in routes; `pressure` and `overloaded` as the other cases have them. */
export function signInContractCases(pressure: Partial<Config>, overloaded: [string, string]): SignInCase[] {
  const on = (c: Omit<SignInCase, 'config'> & { config?: Partial<Config> }): SignInCase => ({
    ...c,
    config: { ...SIGN_IN, ...c.config },
  });
  const all = [
    ...GET_ROUTES.map(([op, url]) => [op, 'GET', url]),
    ...BODY_ROUTES.map(([op, url]) => [op, 'POST', url]),
  ] as Array<[string, 'GET' | 'POST', string]>;
  return [
    // Off (no settings): 404 naming them. Overloaded: 503, whatever the route.
    ...all.map(([op, method, url]) => ({ op, status: 404, request: { method, url }, error: OFF })),
    ...all.map(([op, method, url]) =>
      on({ op, status: 503, pressure: true, config: pressure, request: { method, url }, error: overloaded }),
    ),
    // Past the per-address limit (here 1 a minute): 429 with Retry-After, in each route's own shape.
    ...all.map(([op, method, url]) =>
      on({
        op,
        status: 429,
        config: { SIGN_IN_RATE_LIMIT_MAX: 1 },
        before: [{ method, url }],
        request: { method, url },
        ...(JSON_LIMITED.has(op)
          ? {
              error: [
                'AS_ERR_SIGN_IN_RATE_LIMITED',
                'At most 1 requests a minute to the sign-in routes from one address: retry after 60 s',
              ] as [string, string],
            }
          : {}),
      }),
    ),
    // Bodies: too large, or neither a form nor JSON.
    ...BODY_ROUTES.map(([op, url]) =>
      on({
        op,
        status: 413,
        request:
          op === 'slackEvents'
            ? json(url, { x: 'y'.repeat(1_100_000) })
            : form(url, { x: 'y'.repeat(70_000) }),
        error: ['FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large'],
      }),
    ),
    ...BODY_ROUTES.map(([op, url]) =>
      on({
        op,
        status: 415,
        request: { method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: 'x' },
        error: [
          'FST_ERR_CTP_INVALID_MEDIA_TYPE',
          'Unsupported Media Type: send Content-Type: application/json',
        ],
      }),
    ),

    on({
      op: 'getAuthorizationServerMetadata',
      status: 200,
      request: { method: 'GET', url: '/.well-known/oauth-authorization-server' },
    }),
    on({
      op: 'getProtectedResourceMetadata',
      status: 200,
      request: { method: 'GET', url: '/.well-known/oauth-protected-resource' },
    }),
    on({
      op: 'getMcpProtectedResourceMetadata',
      status: 200,
      request: { method: 'GET', url: '/.well-known/oauth-protected-resource/mcp' },
    }),

    on({
      op: 'registerClient',
      status: 201,
      request: json('/oauth/register', { redirect_uris: [REDIRECT] }),
    }),
    on({
      op: 'registerClient',
      status: 400,
      request: json('/oauth/register', { redirect_uris: ['ftp://x/cb'] }),
    }),
    on({
      op: 'registerClient',
      status: 429,
      before: Array.from({ length: 20 }, () => json('/oauth/register', { redirect_uris: [REDIRECT] })),
      request: json('/oauth/register', { redirect_uris: [REDIRECT] }),
    }),

    on({
      op: 'authorize',
      status: 200,
      request: { method: 'GET', url: '/' },
      prepare: async (app) => ({ method: 'GET', url: authorizePath(await registered(app)) }),
    }),
    on({
      op: 'authorize',
      status: 302,
      request: { method: 'GET', url: '/' },
      // The person approved this client at this address before, and is signed in here: straight back.
      prepare: async (app) => {
        const { clientId, jar } = await code(app);
        return { method: 'GET', url: authorizePath(clientId), headers: { cookie: jar.header() } };
      },
    }),
    on({
      op: 'authorize',
      status: 400,
      request: { method: 'GET', url: authorizePath('asc_unknownunknownunknownunknownunkn') },
    }),

    on({
      op: 'decideConsent',
      status: 303,
      request: { method: 'GET', url: '/' },
      prepare: async (app) => {
        const jar = new Jar(app);
        const page = (await jar.send({ method: 'GET', url: authorizePath(await registered(app)) })).body;
        return form(
          '/oauth/consent',
          { pending: field(page, 'pending'), csrf: field(page, 'csrf'), decision: 'approve' },
          { cookie: jar.header() },
        );
      },
    }),
    on({
      op: 'decideConsent',
      status: 400,
      request: { method: 'GET', url: '/' },
      prepare: async (app) => {
        const jar = new Jar(app);
        const page = (await jar.send({ method: 'GET', url: authorizePath(await registered(app)) })).body;
        return form(
          '/oauth/consent',
          { pending: field(page, 'pending'), csrf: field(page, 'csrf'), decision: 'maybe' },
          { cookie: jar.header() },
        );
      },
    }),
    on({
      op: 'decideConsent',
      status: 403,
      request: form('/oauth/consent', { pending: 'p', csrf: 'c', decision: 'approve' }),
    }),

    on({
      op: 'slackCallback',
      status: 302,
      request: { method: 'GET', url: '/' },
      prepare: async (app) => {
        const jar = new Jar(app);
        const toSlack = await jar.send({ method: 'GET', url: '/signin/slack' });
        return {
          method: 'GET',
          url: await slackSignsIn(app, toSlack.headers.location as string),
          headers: { cookie: jar.header() },
        };
      },
    }),
    on({ op: 'slackCallback', status: 400, request: { method: 'GET', url: '/oauth/slack/callback?code=c' } }),
    on({
      op: 'slackCallback',
      status: 403,
      request: { method: 'GET', url: '/' },
      prepare: async (app) => {
        // Signed out while at Slack adding a workspace: nothing is added.
        const { jar, csrf, slackPage } = await addingWorkspace(app);
        await jar.send(form('/signout', { csrf }));
        const callback = await slackSignsIn(app, slackPage, DEMO_OTHER_USER_ID);
        return { method: 'GET', url: callback, headers: { cookie: jar.header() } };
      },
    }),
    on({
      op: 'slackCallback',
      status: 409,
      request: { method: 'GET', url: '/' },
      prepare: async (app) => {
        // Maya added Leo; then Priya tries to add Maya, who holds a workspace of her own.
        const maya = await addingWorkspace(app);
        await maya.jar.send({
          method: 'GET',
          url: await slackSignsIn(app, maya.slackPage, DEMO_OTHER_USER_ID),
        });
        const priya = await addingWorkspace(app, 'U07PRIYASH');
        const callback = await slackSignsIn(app, priya.slackPage, DEMO_USER_ID);
        return { method: 'GET', url: callback, headers: { cookie: priya.jar.header() } };
      },
    }),

    on({
      op: 'issueToken',
      status: 200,
      request: { method: 'GET', url: '/' },
      prepare: async (app) => {
        const issued = await code(app);
        return form('/oauth/token', {
          grant_type: 'authorization_code',
          code: issued.code,
          code_verifier: VERIFIER,
          client_id: issued.clientId,
          redirect_uri: REDIRECT,
        });
      },
    }),
    on({
      op: 'issueToken',
      status: 400,
      request: form('/oauth/token', { grant_type: 'authorization_code' }),
    }),
    on({
      op: 'issueToken',
      status: 401,
      request: form('/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: 'r',
        client_id: 'asc_unknownunknownunknownunknownunkn',
      }),
    }),

    on({
      op: 'revokeToken',
      status: 200,
      request: { method: 'GET', url: '/' },
      prepare: async (app) =>
        form('/oauth/revoke', { token: 'ast_not-ours', client_id: await registered(app) }),
    }),
    on({ op: 'revokeToken', status: 400, request: form('/oauth/revoke', {}) }),
    on({
      op: 'revokeToken',
      status: 401,
      request: form('/oauth/revoke', { token: 't', client_id: 'asc_unknownunknownunknownunknownunkn' }),
    }),

    on({ op: 'getSignInPage', status: 200, request: { method: 'GET', url: '/signin' } }),
    on({
      op: 'getSignInPage',
      status: 400,
      request: { method: 'GET', url: '/signin?signed_out=1&signed_out=1' },
    }),
    on({ op: 'startSignIn', status: 302, request: { method: 'GET', url: '/signin/slack' } }),
    // The admin page: a signed-in admin (ADMIN_PEOPLE names the demo user), anyone else, no session.
    ...[
      { status: 200, url: '/admin', admins: ADMIN },
      { status: 400, url: '/admin?cursor=nope', admins: ADMIN },
      { status: 403, url: '/admin', admins: 'T0OTHER:U0OTHER' },
    ].map(({ status, url, admins }) =>
      on({
        op: 'getAdminPage',
        status,
        config: { ADMIN_PEOPLE: admins },
        request: { method: 'GET', url },
        prepare: async (app) => {
          const { jar } = await signedInPage(app);
          return { method: 'GET', url, headers: { cookie: jar.header() } };
        },
      }),
    ),
    on({ op: 'getAdminPage', status: 401, request: { method: 'GET', url: '/admin' } }),
    on({
      op: 'createPersonalToken',
      status: 200,
      request: { method: 'GET', url: '/' },
      prepare: async (app) => {
        const { jar, csrf } = await signedInPage(app);
        return form('/signin/token', { csrf }, { cookie: jar.header() });
      },
    }),
    on({ op: 'createPersonalToken', status: 403, request: form('/signin/token', { csrf: 'x' }) }),
    on({ op: 'createPersonalToken', status: 400, request: twice('/signin/token') }),
    on({
      op: 'revokeClient',
      status: 303,
      request: { method: 'GET', url: '/' },
      prepare: async (app) => {
        const { jar, csrf } = await signedInPage(app);
        return form('/signin/revoke', { csrf, client_id: 'asc_x' }, { cookie: jar.header() });
      },
    }),
    on({
      op: 'revokeClient',
      status: 403,
      request: form('/signin/revoke', { csrf: 'x', client_id: 'asc_x' }),
    }),
    on({ op: 'revokeClient', status: 400, request: twice('/signin/revoke') }),
    on({
      op: 'signOut',
      status: 303,
      request: { method: 'GET', url: '/' },
      prepare: async (app) => {
        const { jar, csrf } = await signedInPage(app);
        return form('/signout', { csrf }, { cookie: jar.header() });
      },
    }),
    on({ op: 'signOut', status: 403, request: form('/signout', { csrf: 'x' }) }),
    on({
      op: 'addWorkspace',
      status: 303,
      request: { method: 'GET', url: '/' },
      prepare: async (app) => {
        const { jar, csrf } = await signedInPage(app);
        return form('/signin/workspaces/add', { csrf }, { cookie: jar.header() });
      },
    }),
    on({ op: 'addWorkspace', status: 403, request: form('/signin/workspaces/add', { csrf: 'x' }) }),
    on({ op: 'addWorkspace', status: 400, request: twice('/signin/workspaces/add') }),
    on({
      op: 'removeWorkspace',
      status: 303,
      request: { method: 'GET', url: '/' },
      prepare: async (app) => {
        const { jar, csrf } = await signedInPage(app);
        return form('/signin/workspaces/remove', { csrf, workspace: DEMO_TEAM_ID }, { cookie: jar.header() });
      },
    }),
    on({
      op: 'removeWorkspace',
      status: 403,
      request: form('/signin/workspaces/remove', { csrf: 'x', workspace: DEMO_TEAM_ID }),
    }),
    on({ op: 'removeWorkspace', status: 400, request: twice('/signin/workspaces/remove') }),
    on({ op: 'signOut', status: 400, request: twice('/signout') }),

    on({
      op: 'slackEvents',
      status: 200,
      request: { method: 'GET', url: '/' },
      prepare: async () => signedEvent('{"type":"url_verification","challenge":"c"}'),
    }),
    on({
      op: 'slackEvents',
      status: 400,
      request: { method: 'GET', url: '/' },
      prepare: async () => signedEvent('not json'),
      error: ['AS_ERR_BAD_REQUEST', 'The event body is not JSON'],
    }),
    on({
      op: 'slackEvents',
      status: 401,
      request: {
        method: 'POST',
        url: '/slack/events',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      },
      error: [
        'AS_ERR_SLACK_SIGNATURE',
        'Not a request signed by Slack: X-Slack-Request-Timestamp is missing or not a number',
      ],
    }),
  ];
}
