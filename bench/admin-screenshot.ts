// `npx tsx bench/admin-screenshot.ts`: docs/admin-audit-page.png (the admin page listing recent reads), taken
// in Debian's chromium through playwright-core against the fake Slack, as test/governance/admin-audit.test.ts
// walks it: Maya's agent reads over REST and /mcp, then Leo (named in ADMIN_PEOPLE) opens /admin.
import { fileURLToPath } from 'node:url';
import { DEMO_LONG_THREAD, DEMO_OTHER_USER_ID, DEMO_TEAM_ID, DEMO_USER_ID } from '../fake-slack/index.js';
import { bearer, connectHttp } from '../test/mcp/mcp-client.js';
import { launchChromium } from '../test/sign-in/chromium.js';
import { startOAuthSlack, startReplica } from '../test/sign-in/sign-in-harness.js';
import { searchAs, signInWithSdk } from '../test/sign-in/sign-in-steps.js';

const docs = (name: string) => fileURLToPath(new URL(`../docs/${name}`, import.meta.url));
const slack = await startOAuthSlack();
const replica = await startReplica({
  slack,
  config: { ADMIN_PEOPLE: `${DEMO_TEAM_ID}:${DEMO_OTHER_USER_ID}` },
});
const browser = await launchChromium();
try {
  const maya = (await signInWithSdk(replica.base, DEMO_USER_ID, 'Claude Desktop')).tokens.access_token;
  for (const query of ['deploy', 'rollback runbook', 'incident']) await searchAs(replica.base, maya, query);
  const client = await connectHttp(replica.base, bearer(maya));
  const { channel, ts } = DEMO_LONG_THREAD;
  await client.callTool({
    name: 'slack_get_thread_replies',
    arguments: { channel_id: channel, thread_ts: ts },
  });
  await client.callTool({ name: 'slack_read_file', arguments: { file_id: 'F07RUNBOOK' } });
  await client.callTool({
    name: 'slack_get_thread_replies',
    arguments: { channel_id: 'C07NOPE', thread_ts: ts },
  });
  await client.close();
  await replica.app.audit.trail.flush();

  const page = await browser.newPage({ viewport: { width: 1280, height: 700 }, deviceScaleFactor: 1 });
  await page.goto(`${replica.base}/signin`);
  await page.click('#sign-in');
  await page.click(`button[value="${DEMO_OTHER_USER_ID}"]`);
  await page.waitForURL(`${replica.base}/signin`);
  await page.goto(`${replica.base}/admin`);
  await page.screenshot({ path: docs('admin-audit-page.png'), fullPage: true });
  console.log('wrote docs/admin-audit-page.png');
} finally {
  await browser.close();
  await replica.app.close();
  await slack.close();
}
