// `npx tsx bench/sign-in-screenshot.ts`: docs/sign-in-page.png (the people's page, signed in, a personal token
// just made) and docs/sign-in-consent.png (the consent page an MCP client's person sees), taken in Debian's
// chromium through playwright-core against the fake Slack, as test/sign-in/people-page.test.ts walks them.
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

  const registered = await fetch(`${replica.base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Example Assistant',
      redirect_uris: ['http://127.0.0.1:33418/oauth/callback'],
    }),
  });
  const { client_id } = (await registered.json()) as { client_id: string };
  const consent = await browser.newPage({ viewport: { width: 820, height: 560 }, deviceScaleFactor: 1 });
  await consent.goto(
    `${replica.base}/oauth/authorize?response_type=code&client_id=${client_id}&redirect_uri=${encodeURIComponent('http://127.0.0.1:33418/oauth/callback')}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256&state=s`,
  );
  await consent.screenshot({ path: docs('sign-in-consent.png'), fullPage: true });
  console.log('wrote docs/sign-in-page.png and docs/sign-in-consent.png');
} finally {
  await browser.close();
  await replica.app.close();
  await slack.close();
}
