import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OTHER_USER_ID, type FakeSlack } from '../../fake-slack/index.js';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config.js';
import { API_TOKEN } from '../helper.js';
import { structured } from '../mcp/mcp-client.js';
import { freePort } from '../support/redis-server.js';
import { TestOAuthProvider } from './mcp-oauth-client.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  ENCRYPTION_KEY,
  KEY_SECRET,
  SIGNING_SECRET,
  startOAuthSlack,
} from './sign-in-harness.js';

// The demo's PUBLIC_URL is http://localhost:PORT; people (and our own log) also type http://127.0.0.1:PORT.
// A client given either loopback name signs in: the metadata, `iss` and resource follow the name it came to.
// In production (one public name) a request at another host is told which URL to use.

const signInConfig = (publicUrl: string, port: number) =>
  defaultConfig({
    API_TOKENS: API_TOKEN,
    LOG_LEVEL: 'silent',
    SLACK_SEARCH_BACKEND: 'legacy',
    PORT: port,
    PUBLIC_URL: publicUrl,
    SLACK_CLIENT_ID: CLIENT_ID,
    SLACK_CLIENT_SECRET: CLIENT_SECRET,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    TOKEN_ENCRYPTION_KEY: ENCRYPTION_KEY,
    KEY_HASH_SECRET: KEY_SECRET,
  });

let slack: FakeSlack;
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  slack = await startOAuthSlack();
  port = await freePort();
  app = await buildApp({
    config: { ...signInConfig(`http://localhost:${port}`, port), SLACK_API_URL: slack.url },
    logger: false,
  });
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await slack?.close();
});

async function signIn(base: string): Promise<{ client: Client; provider: TestOAuthProvider }> {
  // Leo ticks private channels on the consent page: his private #launch-q2 shows the search ran as him.
  const provider = new TestOAuthProvider(DEMO_OTHER_USER_ID, { scope: 'slack:private' });
  const url = new URL('/mcp', base);
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
  await expect(new Client({ name: 'loopback-test', version: '1.0.0' }).connect(first)).rejects.toThrow(
    UnauthorizedError,
  );
  await first.finishAuth(provider.code());
  const client = new Client({ name: 'loopback-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  return { client, provider };
}

const channels = async (client: Client) =>
  (
    structured(await client.callTool({ name: 'slack_search_channels', arguments: { query: 'launch' } }))
      .channels as Array<{ name: string }>
  ).map((c) => c.name);

describe('PUBLIC_URL http://localhost:PORT (the demo)', () => {
  it.each(['127.0.0.1', 'localhost'])('signs the MCP SDK client in at http://%s:PORT/mcp', async (host) => {
    const base = `http://${host}:${port}`;
    const { client, provider } = await signIn(base);
    expect(provider.returned?.searchParams.get('iss')).toBe(base);
    expect(provider.browser.visits.filter((v) => v.url.includes('/oauth/slack/callback'))).toEqual([
      { status: 302, url: `GET ${base}/oauth/slack/callback` },
    ]);
    expect(await channels(client)).toEqual(['launch-q2']);
    await client.close();
  });

  it('answers metadata as the loopback name asked, and PUBLIC_URL for any other host', async () => {
    const metadata = async (host: string) =>
      (await app.inject({ url: '/.well-known/oauth-protected-resource/mcp', headers: { host } })).json();
    expect(await metadata(`127.0.0.1:${port}`)).toMatchObject({
      resource: `http://127.0.0.1:${port}/mcp`,
      authorization_servers: [`http://127.0.0.1:${port}`],
    });
    expect(await metadata(`[::1]:${port}`)).toMatchObject({ resource: `http://[::1]:${port}/mcp` });
    for (const other of [`localhost:${port + 1}`, `example.com:${port}`, 'evil.example'])
      expect(await metadata(other)).toMatchObject({
        resource: `http://localhost:${port}/mcp`,
        authorization_servers: [`http://localhost:${port}`],
      });
    const as = (
      await app.inject({
        url: '/.well-known/oauth-authorization-server',
        headers: { host: `127.0.0.1:${port}` },
      })
    ).json();
    expect([as.issuer, as.authorization_endpoint, as.token_endpoint]).toEqual([
      `http://127.0.0.1:${port}`,
      `http://127.0.0.1:${port}/oauth/authorize`,
      `http://127.0.0.1:${port}/oauth/token`,
    ]);
  });

  it("accepts a token signed in at one loopback name at the other (the same port's resource)", async () => {
    const { client, provider } = await signIn(`http://127.0.0.1:${port}`);
    await client.close();
    const token = provider.saved?.access_token as string;
    const res = await fetch(`http://localhost:${port}/search/channels?query=launch`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { channels: Array<{ name: string }> }).channels.map((c) => c.name)).toEqual(
      ['launch-q2'],
    );
  });
});

describe('PUBLIC_URL https://search.example.com (production)', () => {
  let prod: FastifyInstance;
  beforeAll(async () => {
    prod = await buildApp({
      config: { ...signInConfig('https://search.example.com', 3000), SLACK_API_URL: slack.url },
      logger: false,
    });
  });
  afterAll(async () => prod?.close());

  it('tells a client at another host which URL to use, in the 401 and its challenge', async () => {
    const hint =
      "this server's address is https://search.example.com/mcp (PUBLIC_URL), not 127.0.0.1:3000: give your client that URL";
    const res = await prod.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        host: '127.0.0.1:3000',
        authorization: 'Bearer ast_not-a-token',
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain(hint);
    expect(res.headers['www-authenticate']).toBe(
      `Bearer realm="agent-search", resource_metadata="https://search.example.com/.well-known/oauth-protected-resource/mcp", scope="slack:public", error="invalid_token", error_description="Invalid access token: the access token is unknown or expired; ${hint}"`,
    );
    const metadata = await prod.inject({
      url: '/.well-known/oauth-protected-resource/mcp',
      headers: { host: '127.0.0.1:3000' },
    });
    expect(metadata.json().resource).toBe('https://search.example.com/mcp');
  });

  it('says nothing more at its own host', async () => {
    const res = await prod.inject({
      method: 'POST',
      url: '/mcp',
      headers: { host: 'search.example.com', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).not.toContain('PUBLIC_URL');
  });
});
