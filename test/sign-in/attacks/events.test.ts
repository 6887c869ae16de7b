import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_OTHER_USER_ID,
  DEMO_TEAM_ID,
  deliverEvent,
  type FakeSlack,
  tokensRevokedEvent,
} from '../../../fake-slack/index.js';
import { SIGNING_SECRET, type SignInReplica, startOAuthSlack, startReplica } from '../sign-in-harness.js';
import { signInWithSdk } from '../sign-in-steps.js';
import { searchStatus } from './attack-kit.js';

// Slack's events, replayed: a signed tokens_revoked is valid for five minutes, so whoever captured one could
// send it again after the person signed in anew.

let slack: FakeSlack;
let s: SignInReplica;
beforeAll(async () => {
  slack = await startOAuthSlack();
  s = await startReplica({ slack });
});
afterAll(async () => {
  await s.app.close();
  await slack.close();
});

describe('events, replayed', () => {
  it('a tokens_revoked replayed (same event id) or delivered late does not end a sign-in made after it', async () => {
    const first = await signInWithSdk(s.base, DEMO_OTHER_USER_ID);
    const event = tokensRevokedEvent(DEMO_TEAM_ID, [DEMO_OTHER_USER_ID]);
    const timestamp = Math.floor(Date.now() / 1000);
    const url = `${s.base}/slack/events`;
    expect((await deliverEvent(url, SIGNING_SECRET, event, { timestamp })).status).toBe(200);
    expect(await searchStatus(s.base, first.tokens.access_token)).toBe(401);
    // event_time has whole seconds: the new sign-in is a second later, as a person's would be.
    await sleep(1100);
    const again = await signInWithSdk(s.base, DEMO_OTHER_USER_ID);
    const replayed = await deliverEvent(url, SIGNING_SECRET, event, { timestamp });
    const late = await deliverEvent(url, SIGNING_SECRET, { ...event, event_id: `${event.event_id}-late` });
    expect([replayed.status, late.status, await searchStatus(s.base, again.tokens.access_token)]).toEqual([
      200, 200, 200,
    ]);
  });
});
