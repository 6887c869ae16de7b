import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OTHER_USER_ID, DEMO_USER_ID, type FakeSlack } from '../../fake-slack/index.js';
import { structured } from '../mcp/mcp-client.js';
import { CLIENT_REDIRECT, TestOAuthProvider } from './mcp-oauth-client.js';
import { type SignInReplica, startOAuthSlack, startReplica } from './sign-in-harness.js';

// The MCP SDK's own client signs a person in headlessly (discovery from the 401, dynamic registration,
// PKCE, our consent form, the fake Slack's sign-in page, the code exchange) and searches as that person.

let slack: FakeSlack;
let replica: SignInReplica;
beforeAll(async () => {
  slack = await startOAuthSlack();
  replica = await startReplica({ slack });
});
afterAll(async () => {
  await replica.app.close();
  await slack.close();
});

const mcpUrl = () => new URL('/mcp', replica.base);

/** Connects with the SDK's transport and authProvider: the first connect redirects, finishAuth, then again. */
async function signedInClient(provider: TestOAuthProvider): Promise<Client> {
  const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
  await expect(new Client({ name: 'sdk-oauth-test', version: '1.0.0' }).connect(first)).rejects.toThrow(
    UnauthorizedError,
  );
  await first.finishAuth(provider.code());
  const client = new Client({ name: 'sdk-oauth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
  return client;
}

const searchLaunch = async (client: Client) => {
  const body = structured(
    await client.callTool({ name: 'slack_search_channels', arguments: { query: 'launch' } }),
  );
  return (body.channels as Array<{ name: string }>).map((c) => c.name);
};

describe('the MCP SDK client signs a person in (StreamableHTTPClientTransport with an authProvider)', () => {
  it('follows discovery, registration, consent and Slack, then finds what that person can see and another cannot', async () => {
    // The client asks for the least (the 401's scope); Leo ticks more on the consent page, Maya keeps it.
    const leo = new TestOAuthProvider(DEMO_OTHER_USER_ID, { scope: 'slack:private' });
    const maya = new TestOAuthProvider(DEMO_USER_ID);
    const leoClient = await signedInClient(leo);
    const mayaClient = await signedInClient(maya);

    // The walk: our consent page, Slack's page, Slack's callback, back to the client with a code.
    expect(
      leo.browser.visits.map(
        (v) =>
          `${v.url.replace(replica.base, 'us').replace(/http:\/\/127\.0\.0\.1:\d+\/oauth\/v2/, 'slack')} ${v.status}`,
      ),
    ).toEqual([
      'GET us/oauth/authorize 200',
      'POST us/oauth/consent 303',
      'GET slack/authorize 200',
      'POST slack/authorize 302',
      'GET us/oauth/slack/callback 302',
    ]);
    expect(leo.returned?.origin + (leo.returned?.pathname ?? '')).toBe(CLIENT_REDIRECT);
    expect([...(leo.returned?.searchParams.keys() ?? [])].sort()).toEqual(['code', 'iss', 'state']);
    expect(leo.returned?.searchParams.get('state')).toBe('client-state-42');
    expect(leo.returned?.searchParams.get('iss')).toBe(replica.base);
    expect(leo.saved).toMatchObject({ token_type: 'Bearer', scope: 'slack:private', expires_in: 3600 });
    expect(maya.saved).toMatchObject({ token_type: 'Bearer', scope: 'slack:public', expires_in: 3600 });
    expect(leo.saved?.access_token).toMatch(/^ast_/);
    expect(leo.saved?.refresh_token).toMatch(/^asr_/);

    // Leo is in private #launch-q2; Maya is not. Each searches with their own Slack token.
    expect(await searchLaunch(leoClient)).toContain('launch-q2');
    expect(await searchLaunch(mayaClient)).not.toContain('launch-q2');
    // Never the service's SLACK_USER_TOKEN: none is configured, and each search used a token Slack minted.
    const tokens = new Set(
      slack.calls
        .filter((c) => c.method === 'search.messages' || c.method === 'conversations.list')
        .map((c) => c.token),
    );
    expect([...tokens].every((t) => t?.startsWith('xoxp-') && !t.startsWith('xoxp-demo'))).toBe(true);
    await leoClient.close();
    await mayaClient.close();
  });

  it('auth() alone: REDIRECT, then AUTHORIZED with the code; refreshing rotates the refresh token', async () => {
    const provider = new TestOAuthProvider(DEMO_OTHER_USER_ID);
    expect(await auth(provider, { serverUrl: mcpUrl() })).toBe('REDIRECT');
    expect(await auth(provider, { serverUrl: mcpUrl(), authorizationCode: provider.code() })).toBe(
      'AUTHORIZED',
    );
    const first = provider.saved;
    // A second auth() with tokens present refreshes them (the SDK's own refresh path).
    provider.saved = { ...(first as NonNullable<typeof first>), access_token: 'expired-on-purpose' };
    expect(await auth(provider, { serverUrl: mcpUrl() })).toBe('AUTHORIZED');
    expect(provider.saved?.refresh_token).not.toBe(first?.refresh_token);
    expect(provider.saved?.access_token).not.toBe(first?.access_token);
  });
});
