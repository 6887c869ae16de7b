import { WebClient } from '@slack/web-api';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeSlack, type FakeSlackOptions, startFakeSlack } from '../../fake-slack/index.js';
import { tinyWorkspace } from './tiny-workspace.js';

let fake: FakeSlack | undefined;
afterEach(() => fake?.close());

async function start(options: FakeSlackOptions) {
  fake = await startFakeSlack({ workspace: tinyWorkspace(), ...options });
  return fake;
}
const client = (slack: FakeSlack, token = 'xoxp-ann') =>
  new WebClient(token, { slackApiUrl: slack.url, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true });
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (error: { code?: string; retryAfter?: number }) => `${error.code}:${error.retryAfter}`,
  );

describe('rate limits', () => {
  it('are off by default', async () => {
    const slack = await start({});
    for (let i = 0; i < 30; i++)
      expect(await outcome(client(slack).search.messages({ query: 'x' }))).toBe('ok');
  });

  it('tier 2 presets: the 21st search.messages in a minute is rejected, per team not per token', async () => {
    const slack = await start({ rateLimits: true });
    for (let i = 0; i < 20; i++) {
      const token = i % 2 ? 'xoxp-ann' : 'xoxp-bob';
      expect(await outcome(client(slack, token).search.messages({ query: 'x' }))).toBe('ok');
    }
    expect(await outcome(client(slack).search.messages({ query: 'x' }))).toBe(
      'slack_webapi_rate_limited_error:60',
    );
    expect(await outcome(client(slack).users.info({ user: 'U0BOB' }))).toBe('ok');
    slack.reset();
    expect(await outcome(client(slack).search.messages({ query: 'x' }))).toBe('ok');
  });

  it('answers 429 with an integer Retry-After and the ratelimited body', async () => {
    const slack = await start({ rateLimits: { 'auth.test': { limit: 1, windowMs: 2_500 } } });
    await client(slack).auth.test();
    const response = await fetch(`${slack.url}auth.test`, {
      method: 'POST',
      headers: { authorization: 'Bearer xoxp-ann' },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ ok: false, error: 'ratelimited' });
  });

  it('nonMarketplace: conversations.replies at 1/min unless overridden', async () => {
    const slack = await start({ nonMarketplace: true });
    const replies = () => client(slack).conversations.replies({ channel: 'C0GEN', ts: '1772445600.000100' });
    expect(await outcome(replies())).toBe('ok');
    expect(await outcome(replies())).toBe('slack_webapi_rate_limited_error:60');
    await slack.close();
    const relaxed = await start({
      nonMarketplace: true,
      rateLimits: { 'conversations.replies': { limit: 5, windowMs: 60_000 } },
    });
    for (let i = 0; i < 5; i++) {
      expect(
        await outcome(client(relaxed).conversations.replies({ channel: 'C0GEN', ts: '1772445600.000100' })),
      ).toBe('ok');
    }
  });
});
