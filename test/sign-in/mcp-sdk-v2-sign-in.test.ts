import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  Client,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OTHER_USER_ID, type FakeSlack } from '../../fake-slack/index.js';
import { MCP_TOOL_NAMES, structured } from '../mcp/mcp-client.js';
import { CLIENT_REDIRECT, TestOAuthProvider } from './mcp-oauth-client.js';
import { type SignInReplica, startOAuthSlack, startReplica } from './sign-in-harness.js';

// The SDK v2 client, on 2026-07-28 (pinned) and in auto, signs a person in with its own OAuth and a client
// ID metadata document (no registration): the 401 names our resource metadata, the client id is the
// document's https URL, the redirect's iss is checked by the client, and the tools are that person's.

const TLS = new URL('../fixtures/tls/', import.meta.url);
const cert = readFileSync(new URL('loopback-cert.pem', TLS), 'utf8');
const key = readFileSync(new URL('loopback-key.pem', TLS), 'utf8');

let slack: FakeSlack;
let replica: SignInReplica;
let docs: Server;
let documentUrl: string;

beforeAll(async () => {
  docs = createServer({ cert, key }, (req, res) => {
    if (req.url !== '/client.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        client_id: documentUrl,
        client_name: 'SDK v2 client',
        redirect_uris: [CLIENT_REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    );
  });
  await new Promise<void>((resolve) => docs.listen(0, '127.0.0.1', resolve));
  documentUrl = `https://127.0.0.1:${(docs.address() as AddressInfo).port}/client.json`;
  slack = await startOAuthSlack();
  replica = await startReplica({
    slack,
    signIn: { documentFetch: { addressAllowed: (a) => a === '127.0.0.1', ca: cert } },
  });
});
afterAll(async () => {
  await replica.app.close();
  await slack.close();
  docs.close();
});

const transport = (provider: TestOAuthProvider) =>
  new StreamableHTTPClientTransport(new URL('/mcp', replica.base), {
    authProvider: provider as unknown as OAuthClientProvider,
  });
const client = (mode: 'auto' | { pin: string }) =>
  new Client({ name: 'sdk-v2-oauth-test', version: '1.0.0' }, { versionNegotiation: { mode } });

describe('the SDK v2 client signs a person in with a client ID metadata document', () => {
  it('pinned to 2026-07-28: 401, consent and Slack, the code with iss checked, then that person’s tools', async () => {
    // The client asks for the least (the 401's scope); Leo ticks private channels too on the consent page.
    const provider = new TestOAuthProvider(DEMO_OTHER_USER_ID, {
      clientMetadataUrl: documentUrl,
      scope: 'slack:private',
    });
    const first = transport(provider);
    await expect(client({ pin: '2026-07-28' }).connect(first)).rejects.toThrow(UnauthorizedError);
    // The client checks the redirect's iss against the authorization server it discovered.
    expect(provider.returned?.searchParams.get('iss')).toBe(replica.base);
    const forged = new URLSearchParams(provider.returned?.searchParams);
    forged.set('iss', 'https://mix-up.example');
    await expect(first.finishAuth(forged)).rejects.toThrow(/iss/i);
    expect(provider.saved).toBeUndefined();
    await first.finishAuth(provider.returned?.searchParams as URLSearchParams);
    // No registration: the client id is the document's URL.
    expect(provider.client?.client_id).toBe(documentUrl);
    expect(provider.saved).toMatchObject({ token_type: 'Bearer', scope: 'slack:private' });

    for (const mode of [{ pin: '2026-07-28' }, 'auto'] as const) {
      const signedIn = client(mode);
      await signedIn.connect(transport(provider));
      expect(signedIn.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect((await signedIn.listTools()).tools.map((t) => t.name)).toEqual(MCP_TOOL_NAMES);
      const found = structured(
        await signedIn.callTool({ name: 'slack_search_channels', arguments: { query: 'launch' } }),
      );
      // Leo is in private #launch-q2: the search ran with his own Slack token.
      expect((found.channels as Array<{ name: string }>).map((c) => c.name)).toContain('launch-q2');
      await signedIn.close();
    }
  });
});
