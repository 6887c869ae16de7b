import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSlack } from '../../fake-slack/index.js';
import { authorizeUrl, pkce, register, token } from './attacks/attack-kit.js';
import { launchChromium } from './chromium.js';
import { CLIENT_REDIRECT } from './mcp-oauth-client.js';
import { type SignInReplica, startOAuthSlack, startReplica } from './sign-in-harness.js';

// The consent choice and the people's page's list of clients in a real browser (Debian's chromium through
// playwright-core): a person picks what each client may read, sees both clients on their page and revokes
// one; its tokens stop working, the other's do not. DOCS_SCREENSHOTS=1 writes the screenshots into docs/
// (docs/consent.png, docs/people-clients.png); otherwise they go to a temporary folder.

const SHOTS = process.env.DOCS_SCREENSHOTS === '1' ? resolve(import.meta.dirname, '../../docs') : tmpdir();
const shot = async (page: Page, name: string) => {
  const path = join(SHOTS, SHOTS === tmpdir() ? `${process.pid}-${name}` : name);
  await page.screenshot({ path, fullPage: true });
  expect(statSync(path).size).toBeGreaterThan(10_000);
};

let slack: FakeSlack;
let replica: SignInReplica;
let browser: Browser;
beforeAll(async () => {
  slack = await startOAuthSlack();
  replica = await startReplica({ slack });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await replica?.app.close();
  await slack?.close();
});

/** A context whose MCP client's redirect URI answers (the client is not running: the page only has to load). */
async function personsBrowser(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  await context.route(`${CLIENT_REDIRECT}**`, (route) =>
    route.fulfill({ status: 200, body: 'back at the client' }),
  );
  return { context, page: await context.newPage() };
}

/** The checked choice on the consent page, by radio button id. */
const checked = (page: Page) => page.$eval('input[name="scope"]:checked', (input) => input.id);

const searchStatus = async (accessToken: string) =>
  (
    await fetch(`${replica.base}/search/channels?query=launch`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
  ).status;

describe('consent and the clients a person approved, in Chromium', () => {
  it('the person picks what each client reads, sees them on their page, and revokes one alone', async () => {
    const { context, page } = await personsBrowser();
    const desktop = await register(replica.base, { name: 'Acme Desktop' });
    const notes = await register(replica.base, { name: 'Notes Bot' });

    // Acme Desktop asks for nothing in particular: the least is preselected; Leo also allows private channels.
    const first = pkce();
    await page.goto(authorizeUrl(replica.base, desktop, { code_challenge: first.challenge }));
    expect(await page.title()).toBe('Allow access to your Slack search? · agent-search');
    expect(await checked(page)).toBe('slack-public');
    expect(await page.$$eval('fieldset label', (labels) => labels.map((l) => l.textContent?.trim()))).toEqual(
      ['Public channels', 'Also private channels and group DMs', 'Also direct messages'],
    );
    await page.check('#slack-private');
    await shot(page, 'consent.png');
    await page.click('button[name="decision"][value="approve"]');
    await page.waitForURL(/\/oauth\/v2\/authorize/);
    await page.click('button:has-text("Leo Park")');
    await page.waitForURL((url) => url.href.startsWith(CLIENT_REDIRECT));
    const desktopTokens = await token(replica.base, {
      grant_type: 'authorization_code',
      code: new URL(page.url()).searchParams.get('code') as string,
      code_verifier: first.verifier,
      client_id: desktop,
    });
    expect(desktopTokens.body.scope).toBe('slack:private');

    // Notes Bot asks for direct messages too; Leo, signed in here now, lets it read public channels only.
    const second = pkce();
    await page.goto(
      authorizeUrl(replica.base, notes, { code_challenge: second.challenge, scope: 'slack:dm' }),
    );
    expect(await checked(page)).toBe('slack-dm');
    expect(await page.textContent('#asked')).toBe(
      'It asks to read public and private channels, group DMs, direct messages.',
    );
    await page.check('#slack-public');
    await page.click('button[name="decision"][value="approve"]');
    await page.waitForURL((url) => url.href.startsWith(CLIENT_REDIRECT));
    const notesTokens = await token(replica.base, {
      grant_type: 'authorization_code',
      code: new URL(page.url()).searchParams.get('code') as string,
      code_verifier: second.verifier,
      client_id: notes,
    });
    expect(notesTokens.body.scope).toBe('slack:public');

    // The people's page lists both, newest first, with what each may read.
    await page.goto(`${replica.base}/signin`);
    const listed = () =>
      page.$$eval('#clients li', (items) =>
        items.map((li) => ({
          name: li.querySelector('.client-name')?.textContent,
          id: li.getAttribute('data-client-id'),
          reads: li.querySelector('.reads')?.textContent,
        })),
      );
    expect(await listed()).toEqual([
      { name: 'Notes Bot', id: notes, reads: 'public channels' },
      { name: 'Acme Desktop', id: desktop, reads: 'public and private channels, group DMs' },
    ]);
    await shot(page, 'people-clients.png');
    expect([
      await searchStatus(desktopTokens.body.access_token),
      await searchStatus(notesTokens.body.access_token),
    ]).toEqual([200, 200]);

    await page.click(`li[data-client-id="${desktop}"] button.revoke`);
    await page.waitForURL(`${replica.base}/signin?revoked=1`);
    expect(await page.textContent('p strong')).toContain('That client’s access has ended');
    expect(await listed()).toEqual([{ name: 'Notes Bot', id: notes, reads: 'public channels' }]);
    expect([
      await searchStatus(desktopTokens.body.access_token),
      await searchStatus(notesTokens.body.access_token),
    ]).toEqual([401, 200]);
    await context.close();
  });
});
