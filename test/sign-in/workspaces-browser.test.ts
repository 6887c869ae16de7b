import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSlack, GRID } from '../../fake-slack/index.js';
import { launchChromium } from './chromium.js';
import { type SignInReplica, startReplica } from './sign-in-harness.js';
import { startGridSlack } from './workspace-steps.js';

// Several workspaces on the people's page, in a real browser (Debian's chromium through playwright-core): Ana
// signs in with her organisation (the app installed org-wide), adds Side Project, sees both, removes one.
// DOCS_SCREENSHOTS=1 writes the page with both into docs/people-workspaces.png; otherwise a temporary folder.

const SHOTS = process.env.DOCS_SCREENSHOTS === '1' ? resolve(import.meta.dirname, '../../docs') : tmpdir();

let slack: FakeSlack;
let replica: SignInReplica;
let browser: Browser;
beforeAll(async () => {
  slack = await startGridSlack();
  replica = await startReplica({ slack });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await replica?.app.close();
  await slack?.close();
});

/** The workspaces the page lists, as a person reads them. */
const listed = (page: Page) =>
  page.$$eval('#workspaces li', (items) =>
    items.map((li) => ({
      id: li.getAttribute('data-workspace'),
      name: li.querySelector('.workspace-name')?.textContent,
      what: li.querySelector('.muted')?.textContent,
      reads: li.querySelector('.reads')?.textContent,
      remove: li.querySelector('button.remove')?.textContent,
    })),
  );

/** On the fake Slack's page: switch to a workspace (or the organisation), then pick Ana. */
async function signInOnSlack(page: Page, team: string, expectedTitle: string) {
  await page.waitForURL(/\/oauth\/v2\/authorize/);
  await page.click(`#other-workspaces a[data-team="${team}"]`);
  expect(await page.textContent('h1')).toBe(expectedTitle);
  await page.click('button:has-text("Ana Silva")');
}

describe('several workspaces on the people’s page, in Chromium', () => {
  it('Ana signs in with her organisation, adds Side Project, sees both, removes one', async () => {
    const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${replica.base}/signin`);
    await page.click('#sign-in');
    await signInOnSlack(page, GRID.enterprise.id, 'Sign in to Grid Corp');
    await page.waitForURL(`${replica.base}/signin`);
    const grid = {
      id: GRID.enterprise.id,
      name: 'Grid Corp',
      what: 'organisation: every workspace of it that you and this app may read',
      reads: 'Reads Grid HQ, Grid Labs.',
    };
    expect(await listed(page)).toEqual([{ ...grid, remove: 'Remove (signs you out)' }]);

    await page.click('#add-workspace');
    await signInOnSlack(page, GRID.teams.side, 'Sign in to Side Project');
    await page.waitForURL(`${replica.base}/signin?added=1`);
    expect(await page.textContent('p strong')).toBe(
      'Workspace added: your clients now read it too, with what you let each read.',
    );
    const side = { id: GRID.teams.side, name: 'Side Project', what: 'workspace', reads: undefined };
    expect(await listed(page)).toEqual([
      { ...grid, remove: 'Remove' },
      { ...side, remove: 'Remove' },
    ]);
    const path = join(
      SHOTS,
      SHOTS === tmpdir() ? `${process.pid}-people-workspaces.png` : 'people-workspaces.png',
    );
    await page.screenshot({ path, fullPage: true });
    expect(statSync(path).size).toBeGreaterThan(10_000);

    await page.click(`li[data-workspace="${GRID.teams.side}"] button.remove`);
    await page.waitForURL(`${replica.base}/signin?removed=1`);
    expect(await listed(page)).toEqual([{ ...grid, remove: 'Remove (signs you out)' }]);
    await context.close();
  });
});
