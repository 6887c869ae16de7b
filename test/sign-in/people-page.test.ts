import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSlack } from '../../fake-slack/index.js';
import { launchChromium } from './chromium.js';
import { type SignInReplica, startOAuthSlack, startReplica } from './sign-in-harness.js';
import { searchAs } from './sign-in-steps.js';

// The people's page in a real browser (Debian's chromium through playwright-core): sign in with Slack on the
// fake's page, see whom you are signed in as, make a personal token and use it, sign out.

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

describe('the people’s page, in Chromium', () => {
  it('signs in with Slack, shows who, makes a personal token that works, signs out (the token then fails)', async () => {
    const context = await browser.newContext({ viewport: { width: 900, height: 760 } });
    const page = await context.newPage();
    await page.goto(`${replica.base}/signin`);
    expect(await page.title()).toBe('Search Slack as yourself · agent-search');
    await page.click('#sign-in');
    // The fake Slack's sign-in page: pick Maya.
    await page.waitForURL(/\/oauth\/v2\/authorize/);
    expect(await page.textContent('h1')).toBe('Sign in to Acme Demo');
    await page.click('button:has-text("Maya Chen")');
    await page.waitForURL(`${replica.base}/signin`);
    expect(await page.textContent('#who')).toBe('maya');
    const cookies = await context.cookies(replica.base);
    expect(
      cookies.map(({ name, httpOnly, sameSite, secure, path }) => ({
        name,
        httpOnly,
        sameSite,
        secure,
        path,
      })),
    ).toEqual([
      // Secure is left out only because PUBLIC_URL is http on loopback.
      { name: 'as_session', httpOnly: true, sameSite: 'Lax', secure: false, path: '/' },
    ]);

    await page.click('#make-token');
    const token = (await page.textContent('#token'))?.trim() ?? '';
    expect(token).toMatch(/^ast_[A-Za-z0-9_-]{43}$/);
    const shot = join(tmpdir(), `sign-in-page-${process.pid}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).toBeGreaterThan(10_000);
    expect((await searchAs(replica.base, token, 'deploy')).status).toBe(200);
    // Shown once: the page, loaded again, does not show it.
    await page.goto(`${replica.base}/signin`);
    expect(await page.$('#token')).toBeNull();

    await page.click('#sign-out');
    await page.waitForURL(`${replica.base}/signin?signed_out=1`);
    expect(await page.textContent('p strong')).toContain('You are signed out');
    expect((await searchAs(replica.base, token, 'deploy')).status).toBe(401);
    // Slack's token was revoked too (auth.revoke), with the token this server held.
    expect(slack.count('auth.revoke')).toBe(1);
    await context.close();
  });

  it('the consent page cannot be framed: Chromium refuses to show it inside another page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const register = await fetch(`${replica.base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Framed', redirect_uris: ['http://127.0.0.1:1/cb'] }),
    });
    const { client_id } = (await register.json()) as { client_id: string };
    const consent = `${replica.base}/oauth/authorize?response_type=code&client_id=${client_id}&redirect_uri=${encodeURIComponent('http://127.0.0.1:1/cb')}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256&state=s`;
    await page.goto(`${replica.base}/healthz`);
    await page.setContent(`<iframe id="f" src="${consent}" width="600" height="400"></iframe>`);
    await page.waitForTimeout(500);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const text = (await frame?.evaluate(() => document.body?.innerText ?? '').catch(() => '')) ?? '';
    expect(text).not.toContain('Approve');
    await context.close();
  });
});
