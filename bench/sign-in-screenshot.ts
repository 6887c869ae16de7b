// `npx tsx bench/sign-in-screenshot.ts`: docs/sign-in-page.png (the people's page, signed in, a personal token
// just made), taken in Debian's chromium through playwright-core against the fake Slack, as
// test/sign-in/people-page.test.ts walks it. The consent page's and the approved clients' screenshots
// (docs/consent.png, docs/people-clients.png) come from test/sign-in/consent-browser.test.ts with
// DOCS_SCREENSHOTS=1.
import { fileURLToPath } from 'node:url';
import { DEMO_USER_ID } from '../fake-slack/index.js';
import { launchChromium } from '../test/sign-in/chromium.js';
import { startOAuthSlack, startReplica } from '../test/sign-in/sign-in-harness.js';

const docs = (name: string) => fileURLToPath(new URL(`../docs/${name}`, import.meta.url));
const slack = await startOAuthSlack();
const replica = await startReplica({ slack });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 820, height: 700 }, deviceScaleFactor: 1 });
  await page.goto(`${replica.base}/signin`);
  await page.click('#sign-in');
  await page.click(`button[value="${DEMO_USER_ID}"]`);
  await page.waitForURL(`${replica.base}/signin`);
  await page.click('#make-token');
  await page.screenshot({ path: docs('sign-in-page.png'), fullPage: true });

  console.log('wrote docs/sign-in-page.png');
} finally {
  await browser.close();
  await replica.app.close();
  await slack.close();
}
