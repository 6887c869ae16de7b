import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSlack } from '../../../fake-slack/index.js';
import { isPublicAddress } from '../../../src/sign-in/oauth/safe-fetch.js';
import { CLIENT_REDIRECT } from '../mcp-oauth-client.js';
import { type SignInReplica, startOAuthSlack, startReplica } from '../sign-in-harness.js';

// Client ID metadata document URLs, attacked: URLs outside the draft's grammar (credentials, dot segments,
// fragments), a document that asks not to be stored, addresses that embed a private IPv4 one.

const TLS = new URL('../../fixtures/tls/', import.meta.url);
const cert = readFileSync(new URL('loopback-cert.pem', TLS), 'utf8');
const key = readFileSync(new URL('loopback-key.pem', TLS), 'utf8');

let slack: FakeSlack;
let s: SignInReplica;
let docs: Server;
let origin: string;
/** What the document server was asked: each request's path and Authorization header. */
const asked: Array<{ path: string; authorization?: string }> = [];

beforeAll(async () => {
  docs = createServer({ cert, key }, (req, res) => {
    asked.push({ path: req.url ?? '', authorization: req.headers.authorization });
    const path = (req.url ?? '').split('?')[0] as string;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(
      JSON.stringify({
        client_id: `${origin}${path}`,
        client_name: 'Fresh',
        redirect_uris: [CLIENT_REDIRECT],
      }),
    );
  });
  await new Promise<void>((resolve) => docs.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(docs.address() as AddressInfo).port}`;
  slack = await startOAuthSlack();
  s = await startReplica({
    slack,
    signIn: { documentFetch: { addressAllowed: (a) => a === '127.0.0.1', ca: cert } },
  });
});
afterAll(async () => {
  await s.app.close();
  await slack.close();
  docs.close();
});

async function authorize(clientId: string) {
  const url = new URL('/oauth/authorize', s.base);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: CLIENT_REDIRECT,
    code_challenge: 'a'.repeat(43),
    code_challenge_method: 'S256',
  }))
    url.searchParams.set(k, v);
  const res = await fetch(url, { redirect: 'manual' });
  const html = await res.text();
  return { status: res.status, says: /<p>([^<]*)<\/p>/.exec(html.slice(html.indexOf('<h1>')))?.[1] };
}

describe('client ID metadata document URLs', () => {
  it('a URL outside the grammar is refused naming the rule, and never fetched (so no credentials are sent)', async () => {
    const port = new URL(origin).port;
    const refused = (url: string, rule: string) => ({
      status: 400,
      says: `client_id ${JSON.stringify(url).replaceAll('"', '&quot;')} is not a client ID metadata document URL: ${rule}`,
    });
    const cases = [
      [`https://slack.com:x@127.0.0.1:${port}/phish.json`, 'it must not carry a user name or password'],
      [`${origin}/a/../client.json`, 'it must not have . or .. path segments'],
      [`${origin}/./client.json`, 'it must not have . or .. path segments'],
      [`${origin}/%2e%2e/client.json`, 'it must not have . or .. path segments'],
      [`${origin}/client.json#frag`, 'it must not have a fragment'],
      [`${origin}`, 'it must have a path'],
      [`${origin}/`, 'it must have a path'],
    ] as const;
    const answers = await Promise.all(cases.map(([url]) => authorize(url)));
    expect(answers).toEqual(cases.map(([url, rule]) => refused(url, rule)));
    expect(asked).toEqual([]);
  });

  it('a document served with Cache-Control: no-store is fetched again each time, never kept', async () => {
    const id = `${origin}/fresh.json`;
    const first = await authorize(id);
    const second = await authorize(id);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(asked.filter((a) => a.path === '/fresh.json')).toEqual([
      { path: '/fresh.json', authorization: undefined },
      { path: '/fresh.json', authorization: undefined },
    ]);
  });

  it('addresses that embed a private IPv4 one are not public: IPv4-compatible ::/96 and 6to4 2002::/16', () => {
    expect(
      ['::7f00:1', '::a00:1', '2002:7f00:1::1', '2002:a00:1::', '2001:4860::8888'].map(isPublicAddress),
    ).toEqual([false, false, false, false, true]);
  });
});
