// The demo walk from a bare MCP client: `npx tsx bench/sign-in-walk.ts` starts `npm run demo` (fake-slack/demo.ts)
// on free ports and signs two demo people in with nothing but HTTP, as an MCP client does it (discovery from the
// 401, registration, PKCE, consent, Slack's page, the code exchange), then calls a tool as each. With a URL
// (`npx tsx bench/sign-in-walk.ts http://localhost:3000`) it walks an `npm run demo` already running there.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { DEMO_OTHER_USER_ID, DEMO_USER_ID } from '../fake-slack/index.js';
import { HeadlessBrowser } from '../test/sign-in/browser.js';
import { freePort } from '../test/support/redis-server.js';
import { healthy } from './spawn-server.js';

const REDIRECT = 'http://127.0.0.1:8976/callback';
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const steps: string[] = [];
const step = (line: string) => {
  steps.push(line);
  console.log(line);
};

async function startDemo(): Promise<{ base: string; stop: () => void }> {
  const [port, slackPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'fake-slack/demo.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      FAKE_SLACK_PORT: String(slackPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // However this script ends (a closed pipe included), the demo ends with it.
  process.once('exit', () => child.kill('SIGTERM'));
  for (let i = 0; i < 300 && !(await healthy(port)); i++) await new Promise((r) => setTimeout(r, 100));
  return { base: `http://localhost:${port}`, stop: () => child.kill('SIGTERM') };
}

const mcp = (base: string, body: object, token?: string) =>
  fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...body }),
  });

/** One person, from a bare client's first request to a tool call. */
async function walk(base: string, user: string, who: string): Promise<string[]> {
  step(`\n## ${who}`);
  const first = await mcp(base, {
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bare', version: '1' } },
  });
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
  const registered = await fetch(meta.registration_endpoint as string, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Bare MCP client',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
    }),
  });
  const client = (await registered.json()) as { client_id: string };
  step(`POST /oauth/register → ${registered.status}, client_id ${client.client_id.slice(0, 8)}…`);
  const verifier = randomBytes(32).toString('base64url');
  const challengeS256 = createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URL(meta.authorization_endpoint as string);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    code_challenge: challengeS256,
    code_challenge_method: 'S256',
    state: 'walk-state',
    resource: prm.resource,
    // It searches channels, private ones too: it asks for them (the consent page preselects what it asks).
    scope: 'slack:private',
  }))
    authorize.searchParams.set(k, v);
  const browser = new HeadlessBrowser({ user });
  const back = await browser.follow(authorize.href, REDIRECT);
  for (const v of browser.visits)
    step(
      `  browser: ${v.url.replace(base, '').replace(/http:\/\/[^/]+\/oauth\/v2\/authorize/, 'fake Slack /oauth/v2/authorize')} → ${v.status}`,
    );
  step(
    `back at the client: code ${(back.searchParams.get('code') ?? '').slice(0, 6)}…, state ${back.searchParams.get('state')}, iss ${back.searchParams.get('iss')}`,
  );
  const tokenRes = await fetch(meta.token_endpoint as string, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      code_verifier: verifier,
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      resource: prm.resource,
    }).toString(),
  });
  const tokens = (await tokenRes.json()) as {
    access_token: string;
    refresh_token: string;
    expires_in: number;
    scope: string;
  };
  step(
    `POST /oauth/token → ${tokenRes.status}: access_token ast_…, refresh_token asr_…, expires_in ${tokens.expires_in}, scope ${tokens.scope}`,
  );
  const init = await mcp(
    base,
    {
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bare', version: '1' } },
    },
    tokens.access_token,
  );
  step(`POST /mcp initialize, Bearer → ${init.status}`);
  const call = await mcp(
    base,
    {
      method: 'tools/call',
      params: { name: 'slack_search_channels', arguments: { query: 'launch', response_format: 'concise' } },
    },
    tokens.access_token,
  );
  const result = (await call.json()) as {
    result: { structuredContent: { channels: Array<{ name: string }> } };
  };
  const names = result.result.structuredContent.channels.map((c) => c.name);
  step(`tools/call slack_search_channels {query: "launch"} → ${call.status}: ${names.join(', ')}`);
  return names;
}

const given = process.argv[2];
const demo = given ? { base: given.replace(/\/$/, ''), stop: () => {} } : await startDemo();
try {
  console.log(`# Sign-in walk against npm run demo at ${demo.base}`);
  const leo = await walk(demo.base, DEMO_OTHER_USER_ID, 'Leo Park (member of private #launch-q2)');
  const maya = await walk(demo.base, DEMO_USER_ID, 'Maya Chen (not a member)');
  console.log(
    `\n#launch-q2 found by Leo: ${leo.includes('launch-q2')}; by Maya: ${maya.includes('launch-q2')}`,
  );
  if (!leo.includes('launch-q2') || maya.includes('launch-q2')) process.exitCode = 1;
} finally {
  demo.stop();
}
