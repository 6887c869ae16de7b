import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OTHER_USER_ID, type FakeSlack } from '../../fake-slack/index.js';
import { isPublicAddress } from '../../src/sign-in/oauth/safe-fetch.js';
import { structured } from '../mcp/mcp-client.js';
import { CLIENT_REDIRECT, TestOAuthProvider } from './mcp-oauth-client.js';
import { type SignInReplica, startOAuthSlack, startReplica } from './sign-in-harness.js';

// Client ID metadata documents: the client id is an https URL serving the client's metadata. Served here by
// an HTTPS server on loopback with a test certificate; one replica may fetch from loopback (and trusts that
// certificate), the other has the production policy (public addresses only) and must refuse.

const TLS = new URL('../fixtures/tls/', import.meta.url);
const cert = readFileSync(new URL('loopback-cert.pem', TLS), 'utf8');
const key = readFileSync(new URL('loopback-key.pem', TLS), 'utf8');

let slack: FakeSlack;
let open: SignInReplica;
let strict: SignInReplica;
let docs: Server;
let origin: string;
const served = new Map<string, { status?: number; body: string; type?: string }>();

beforeAll(async () => {
  docs = createServer({ cert, key }, (req, res) => {
    const doc = served.get(req.url ?? '');
    if (!doc) return void res.writeHead(404).end();
    res
      .writeHead(doc.status ?? 200, {
        'content-type': doc.type ?? 'application/json',
        ...(doc.status === 302 ? { location: '/elsewhere' } : {}),
      })
      .end(doc.body);
  });
  await new Promise<void>((resolve) => docs.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(docs.address() as AddressInfo).port}`;
  const document = (path: string, extra: object = {}) =>
    served.set(path, {
      body: JSON.stringify({
        client_id: `${origin}${path}`,
        client_name: 'Documented Client',
        redirect_uris: [CLIENT_REDIRECT],
        ...extra,
      }),
    });
  document('/client.json');
  served.set('/other-id.json', {
    body: JSON.stringify({ client_id: 'https://someone.else/client.json', redirect_uris: [CLIENT_REDIRECT] }),
  });
  served.set('/huge.json', {
    body: JSON.stringify({
      client_id: `${origin}/huge.json`,
      redirect_uris: [CLIENT_REDIRECT],
      padding: 'x'.repeat(20_000),
    }),
  });
  served.set('/moved.json', { status: 302, body: '' });
  served.set('/html.json', { body: '<html></html>', type: 'text/html' });
  slack = await startOAuthSlack();
  open = await startReplica({
    slack,
    signIn: { documentFetch: { addressAllowed: (a) => a === '127.0.0.1', ca: cert } },
  });
  strict = await startReplica({ slack });
});
afterAll(async () => {
  await open.app.close();
  await strict.app.close();
  await slack.close();
  docs.close();
});

const consent = async (replica: SignInReplica, clientId: string) => {
  const url = `${replica.base}/oauth/authorize?response_type=code&client_id=${encodeURIComponent(clientId)}&redirect_uri=${encodeURIComponent(CLIENT_REDIRECT)}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`;
  const res = await fetch(url, { redirect: 'manual' });
  const html = await res.text();
  return {
    status: res.status,
    says:
      /<p>([^<]*(?:<code>[^<]*<\/code>[^<]*)?)<\/p>/.exec(html.slice(html.indexOf('<h1>')))?.[1] ??
      html.slice(0, 200),
  };
};

describe('client ID metadata documents', () => {
  it('the MCP SDK client with a clientMetadataUrl signs in without registering, named by its document', async () => {
    const provider = new TestOAuthProvider(DEMO_OTHER_USER_ID, {
      clientMetadataUrl: `${origin}/client.json`,
      scope: 'slack:private',
    });
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', open.base), {
      authProvider: provider,
    });
    await expect(new Client({ name: 'cimd', version: '1' }).connect(transport)).rejects.toThrow();
    await transport.finishAuth(provider.code());
    expect(provider.client?.client_id).toBe(`${origin}/client.json`);
    const client = new Client({ name: 'cimd', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', open.base), { authProvider: provider }),
    );
    const found = structured(
      await client.callTool({ name: 'slack_search_channels', arguments: { query: 'launch' } }),
    );
    expect((found.channels as Array<{ name: string }>).map((c) => c.name)).toContain('launch-q2');
    await client.close();
    const page = await consent(open, `${origin}/client.json`);
    expect(page.status).toBe(200);
  });

  it('a document that lies about its id or is not JSON is refused naming why; one too big or moved only as not fetched', async () => {
    const answers = await Promise.all(
      ['/other-id.json', '/huge.json', '/moved.json', '/html.json'].map((p) =>
        consent(open, `${origin}${p}`),
      ),
    );
    expect(answers).toEqual([
      {
        status: 400,
        says: `The client&#39;s metadata document at ${origin}/other-id.json cannot be used: its client_id is not its own URL`,
      },
      {
        status: 400,
        says: `The client&#39;s metadata document at ${origin}/huge.json could not be fetched: the client cannot sign in until it can`,
      },
      {
        status: 400,
        says: `The client&#39;s metadata document at ${origin}/moved.json could not be fetched: the client cannot sign in until it can`,
      },
      {
        status: 400,
        says: `The client&#39;s metadata document at ${origin}/html.json cannot be used: it is not JSON (Content-Type)`,
      },
    ]);
  });

  it('with the production policy, a document on a loopback or private address is never fetched, and the page does not say why (no network oracle)', async () => {
    const port = (docs.address() as AddressInfo).port;
    const answers = await Promise.all(
      [`${origin}/client.json`, `https://localhost:${port}/client.json`, 'https://10.0.0.7/client.json'].map(
        (id) => consent(strict, id),
      ),
    );
    expect(answers).toEqual([
      {
        status: 400,
        says: `The client&#39;s metadata document at ${origin}/client.json could not be fetched: the client cannot sign in until it can`,
      },
      {
        status: 400,
        says: `The client&#39;s metadata document at https://localhost:${port}/client.json could not be fetched: the client cannot sign in until it can`,
      },
      {
        status: 400,
        says: `The client&#39;s metadata document at https://10.0.0.7/client.json could not be fetched: the client cannot sign in until it can`,
      },
    ]);
    expect(
      [
        '127.0.0.1',
        '10.1.2.3',
        '169.254.169.254',
        '::1',
        'fd00::1',
        '::ffff:192.168.1.1',
        '::ffff:a00:1',
        '100.64.0.1',
        '8.8.8.8',
        '2606:4700::1111',
      ].map(isPublicAddress),
    ).toEqual([false, false, false, false, false, false, false, false, true, true]);
  });
});
