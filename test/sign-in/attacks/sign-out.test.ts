import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_ID, type FakeSlack } from '../../../fake-slack/index.js';
import { type SignInReplica, startOAuthSlack, startReplica } from '../sign-in-harness.js';
import { signInWithSdk } from '../sign-in-steps.js';

// Sign-out when Slack's token has expired (rotation on): auth.revoke with it answers token_expired, and the
// Slack grant would live on behind a refresh token we forget.

const LIFETIME_S = 1;
let slack: FakeSlack;
let s: SignInReplica;
beforeAll(async () => {
  slack = await startOAuthSlack({ tokenLifetimeS: LIFETIME_S });
  s = await startReplica({ slack });
});
afterAll(async () => {
  await s.app.close();
  await slack.close();
});

describe('sign-out with an expired Slack token', () => {
  it('refreshes first, so that auth.revoke ends the Slack grant (the refresh token is spent, the new token revoked)', async () => {
    const { provider } = await signInWithSdk(s.base, DEMO_USER_ID);
    // The page is shown while the token is fresh; the person presses Sign out after it expired.
    const page = await provider.browser.request(`${s.base}/signin`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] as string;
    await sleep(LIFETIME_S * 1000 + 200);
    const refreshes = slack.oauth.refreshes.ok;
    const out = await provider.browser.request(`${s.base}/signout`, { method: 'POST', form: { csrf } });
    const mine = slack.workspace.tokens.filter((t) => t.userId === DEMO_USER_ID && t.expiresAt !== undefined);
    expect([out.status, slack.oauth.refreshes.ok - refreshes, mine.at(-1)?.status]).toEqual([
      303,
      1,
      'revoked',
    ]);
  });
});
