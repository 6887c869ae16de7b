// What the scripted walks share (sign-in-walk.ts, governance-walk.ts): `npm run demo` (fake-slack/demo.ts) on
// free ports, and a bare MCP client signing a demo person in with nothing but HTTP (discovery from the 401,
// registration, PKCE, consent, Slack's page, the code exchange), then calling /mcp with the token it got.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { HeadlessBrowser } from '../test/sign-in/browser.js';
import { freePort } from '../test/support/redis-server.js';
import { healthy } from './spawn-server.js';

/** Where the client waits for the browser to come back (nothing listens: the headless browser stops there). */
export const REDIRECT = 'http://127.0.0.1:8976/callback';
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const CLIENT_INFO = { name: 'bare', version: '1' };

export interface Demo {
  base: string;
  stop: () => void;
}

/** `npm run demo` on free ports with `env` added to its settings; resolves once /healthz answers. */
export async function startDemo(env: Record<string, string> = {}): Promise<Demo> {
  const [port, slackPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'fake-slack/demo.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      FAKE_SLACK_PORT: String(slackPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // However this script ends (a closed pipe included), the demo ends with it.
  process.once('exit', () => child.kill('SIGTERM'));
  for (let i = 0; i < 300 && !(await healthy(port)); i++) await new Promise((r) => setTimeout(r, 100));
  return { base: `http://localhost:${port}`, stop: () => child.kill('SIGTERM') };
}

/** One JSON-RPC request to /mcp, as a stateless client sends it. */
export const mcp = (base: string, body: object, token?: string) =>
  fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...body }),
  });

export const mcpInitialize = (base: string, token?: string) =>
  mcp(
    base,
    {
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: CLIENT_INFO },
    },
    token,
  );

export const mcpTool = (base: string, token: string, name: string, args: Record<string, unknown>) =>
  mcp(base, { method: 'tools/call', params: { name, arguments: args } }, token);

/** What the client learnt from discovery: the resource and the authorization server's endpoints. */
export interface Discovered {
  resource: string;
  registration: string;
  authorization: string;
  token: string;
}

/** From a bare 401 to the authorization server's metadata, as a client finds it. */
export async function discover(base: string, step: (line: string) => void): Promise<Discovered> {
  const first = await mcpInitialize(base);
  const challenge = first.headers.get('www-authenticate') ?? '';
  step(`POST /mcp initialize, no token → ${first.status}; WWW-Authenticate: ${challenge}`);
  const prmUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1] as string;
  const prm = (await (await fetch(prmUrl)).json()) as { resource: string; authorization_servers: string[] };
  step(
    `GET ${new URL(prmUrl).pathname} → resource ${prm.resource}, authorization server ${prm.authorization_servers[0]}`,
  );
  const asUrl = `${prm.authorization_servers[0]}/.well-known/oauth-authorization-server`;
  const meta = (await (await fetch(asUrl)).json()) as Record<string, unknown>;
  step(
    `GET /.well-known/oauth-authorization-server → PKCE ${meta.code_challenge_methods_supported}, grants ${meta.grant_types_supported}, CIMD ${meta.client_id_metadata_document_supported}`,
  );
  return {
    resource: prm.resource,
    registration: meta.registration_endpoint as string,
    authorization: meta.authorization_endpoint as string,
    token: meta.token_endpoint as string,
  };
}

/** Dynamic client registration of a public client named `name`; its client_id. */
export async function register(as: Discovered, name: string, step: (line: string) => void): Promise<string> {
  const registered = await fetch(as.registration, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: name,
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
    }),
  });
  const client = (await registered.json()) as { client_id: string };
  step(`POST /oauth/register → ${registered.status}, client_id ${client.client_id.slice(0, 8)}…`);
  return client.client_id;
}

export interface Authorization {
  /** The demo person who picks themselves on the fake Slack's page. */
  user: string;
  /** The `scope` the client asks for (the consent page preselects it), if any. */
  ask?: string;
  /** What the person ticks on the consent page, if not what is preselected. */
  tick?: string;
}

/** The tokens a sign-in ends with (never printed). */
export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
}

/** PKCE, the browser through consent and Slack's page, and the code exchange: the client's tokens. */
export async function authorize(
  base: string,
  as: Discovered,
  clientId: string,
  { user, ask, tick }: Authorization,
  step: (line: string) => void,
): Promise<Tokens> {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(as.authorization);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'walk-state',
    resource: as.resource,
    ...(ask ? { scope: ask } : {}),
  }))
    url.searchParams.set(k, v);
  const browser = new HeadlessBrowser({ user, ...(tick ? { scope: tick } : {}) });
  const back = await browser.follow(url.href, REDIRECT);
  for (const v of browser.visits)
    step(
      `  browser: ${v.url.replace(base, '').replace(/http:\/\/[^/]+\/oauth\/v2\/authorize/, 'fake Slack /oauth/v2/authorize')} → ${v.status}`,
    );
  step(
    `back at the client: code ${(back.searchParams.get('code') ?? '').slice(0, 6)}…, state ${back.searchParams.get('state')}, iss ${back.searchParams.get('iss')}`,
  );
  const tokenRes = await fetch(as.token, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: REDIRECT,
      resource: as.resource,
    }).toString(),
  });
  const tokens = (await tokenRes.json()) as Tokens;
  step(
    `POST /oauth/token → ${tokenRes.status}: access_token ast_…, refresh_token asr_…, expires_in ${tokens.expires_in}, scope ${tokens.scope}`,
  );
  return tokens;
}
