import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startFakeSlack } from '../fake-slack/index.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { launchChromium } from '../test/sign-in/chromium.js';

/**
 * The official MCP conformance suite's authorization-server scenarios (`conformance authorization`:
 * the metadata endpoint and the authorization code grant) against our authorization server, served as in
 * production (bound to loopback, sign in with Slack configured) over the bundled fake Slack with its OAuth app.
 *
 * The suite prints an authorization URL for a person to open and waits on http://127.0.0.1:<port>/callback.
 * Here that person is headless Chromium: it opens the URL, approves on our consent page, picks Maya on the
 * fake Slack's sign-in page and lands on the suite's callback; the suite then redeems the code itself.
 * The client is registered beforehand (RFC 7591) with that callback as its only redirect URI.
 *
 * Usage: tsx scripts/mcp-conformance-authorization.ts <conformance bin> [extra CLI arguments]
 * (scripts/mcp-conformance-authorization.sh installs the pinned suite and Node 24, then calls this).
 */
const [bin, ...extra] = process.argv.slice(2);
if (!bin) {
  console.error(
    'usage: tsx scripts/mcp-conformance-authorization.ts <path to the conformance bin> [arguments]',
  );
  process.exit(2);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

const SLACK_CLIENT_ID = 'conformance-slack-client';
const SLACK_CLIENT_SECRET = randomBytes(16).toString('hex');
const slack = await startFakeSlack({
  oauth: { clientId: SLACK_CLIENT_ID, clientSecret: SLACK_CLIENT_SECRET },
});
const port = await freePort();
const issuer = `http://127.0.0.1:${port}`;
const config = loadConfig({
  SLACK_API_URL: slack.url,
  HOST: '127.0.0.1',
  PORT: String(port),
  LOG_LEVEL: 'error',
  PUBLIC_URL: issuer,
  SLACK_CLIENT_ID,
  SLACK_CLIENT_SECRET,
  SLACK_SIGNING_SECRET: randomBytes(16).toString('hex'),
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  KEY_HASH_SECRET: randomBytes(16).toString('hex'),
});
const app = await buildApp({ config });
await app.listen({ port, host: config.HOST });

const callbackPort = await freePort();
const callback = `http://127.0.0.1:${callbackPort}/callback`;
const registered = await fetch(`${issuer}/oauth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    client_name: 'MCP conformance suite',
    redirect_uris: [callback],
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
  }),
});
if (registered.status !== 201)
  throw new Error(`registration answered ${registered.status}: ${await registered.text()}`);
const { client_id } = (await registered.json()) as { client_id: string };

const browser = await launchChromium();
/** The person: open the suite's URL, approve, sign in to the fake Slack as Maya, until the suite's callback. */
async function signIn(url: string): Promise<void> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(url);
  for (let step = 0; step < 6 && !page.url().startsWith(callback); step++) {
    if (await page.$('button[name="decision"][value="approve"]')) {
      await page.click('button[name="decision"][value="approve"]');
    } else if (await page.$('button:has-text("Maya Chen")')) {
      await page.click('button:has-text("Maya Chen")');
    } else {
      throw new Error(
        `nothing to answer at ${page.url().split('?')[0]}: ${(await page.content()).slice(0, 300)}`,
      );
    }
    await page.waitForLoadState();
  }
  if (!page.url().startsWith(callback)) throw new Error(`the browser ended at ${page.url().split('?')[0]}`);
  console.log(`(the browser approved and signed in as maya; it is at ${callback})`);
}

const results = mkdtempSync(join(tmpdir(), 'mcp-conformance-authorization-'));
console.log(
  `conformance ${bin} authorization against ${issuer} (Node ${process.version}), results in ${results}`,
);
const authorizeUrl = `${issuer}/oauth/authorize?`;
let browsing: Promise<void> = Promise.resolve();
const code = await new Promise<number>((resolve) => {
  const child = spawn(
    bin,
    [
      'authorization',
      '--url',
      issuer,
      '--client-id',
      client_id,
      '--resource',
      `${issuer}/mcp`,
      '--port',
      String(callbackPort),
      '-o',
      results,
      ...extra,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  createInterface({ input: child.stdout }).on('line', (line) => {
    console.log(line);
    if (line.startsWith(authorizeUrl))
      browsing = signIn(line.trim()).catch((err: Error) => {
        console.error(`the browser could not finish the sign-in: ${err.message}`);
      });
  });
  child.on('error', (err) => {
    console.error(`cannot run ${bin}: ${err.message}`);
    resolve(1);
  });
  child.on('exit', (status) => resolve(status ?? 1));
});

await browsing;
await browser.close();
await app.close();
await slack.close();
if (code === 0) rmSync(results, { recursive: true, force: true });
process.exit(code);
