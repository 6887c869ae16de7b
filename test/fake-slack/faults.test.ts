import { LogLevel, WebClient, WebClientEvent, type WebClientOptions } from '@slack/web-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSlack, startFakeSlack } from '../../fake-slack/index.js';
import { tinyWorkspace } from './tiny-workspace.js';

let fake: FakeSlack;
const client = (options: WebClientOptions = {}) =>
  new WebClient('xoxp-ann', {
    slackApiUrl: fake.url,
    retryConfig: { retries: 0 },
    logLevel: LogLevel.ERROR,
    ...options,
  });
const failure = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('call should fail'),
    (error: unknown) => error as Record<string, unknown>,
  );

beforeAll(async () => {
  fake = await startFakeSlack({ workspace: tinyWorkspace() });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('fault injection', () => {
  it('429 + Retry-After rejects at once with rejectRateLimitedCalls', async () => {
    fake.inject({ kind: 'ratelimit', method: 'search.messages', retryAfter: 7 });
    const events: number[] = [];
    const slack = client({ rejectRateLimitedCalls: true });
    slack.on(WebClientEvent.RATE_LIMITED, (seconds: number) => events.push(seconds));
    const error = await failure(slack.search.messages({ query: 'deploy' }));
    expect(error).toMatchObject({ code: 'slack_webapi_rate_limited_error', retryAfter: 7 });
    expect(events).toEqual([7]);
    const response = await fetch(`${fake.url}auth.test`, { method: 'POST' });
    expect(response.status).toBe(200);
  });

  it('429 without Retry-After is a plain error with no code', async () => {
    fake.inject({ kind: 'ratelimit', retryAfter: null });
    const error = await failure(client().auth.test());
    expect(error.code).toBeUndefined();
    expect(String(error.message)).toMatch(/Retry header did not contain a valid timeout/);
  });

  it('after the Retry-After wait the SDK retries and succeeds', async () => {
    fake.inject({ kind: 'ratelimit', method: 'auth.test', retryAfter: 0 });
    const result = await client({
      retryConfig: { retries: 1, factor: 1, minTimeout: 0, maxTimeout: 0 },
    }).auth.test();
    expect(result.ok).toBe(true);
    expect(fake.count('auth.test')).toBe(2);
  });

  it('without rejectRateLimitedCalls, running out of retries is slack_webapi_request_error', async () => {
    fake.inject({ kind: 'ratelimit', retryAfter: 0 });
    const error = await failure(client().auth.test());
    expect(error.code).toBe('slack_webapi_request_error');
    expect(String(error.message)).toMatch(/A rate limit was exceeded .*retry-after: 0/);
  });

  it('HTTP 500/503 become slack_webapi_http_error', async () => {
    fake.inject({ kind: 'http', status: 503, times: 2 });
    for (let i = 0; i < 2; i++) {
      const error = await failure(client().auth.test());
      expect(error).toMatchObject({ code: 'slack_webapi_http_error', statusCode: 503 });
    }
    expect((await client().auth.test()).ok).toBe(true);
  });

  it('a reset connection becomes slack_webapi_request_error', async () => {
    fake.inject({ kind: 'reset' });
    const error = await failure(client().auth.test());
    expect(error.code).toBe('slack_webapi_request_error');
    expect(fake.count('auth.test')).toBe(1);
  });

  it('a non-JSON 200 surfaces as a platform error carrying the HTML', async () => {
    fake.inject({ kind: 'non_json' });
    const error = await failure(client().auth.test());
    expect(error.code).toBe('slack_webapi_platform_error');
    expect((error.data as { error: string }).error).toMatch(/^<!DOCTYPE html>/);
  });

  it('error faults answer ok:false with extras', async () => {
    fake.inject({ kind: 'error', error: 'internal_error', extra: { warning: 'superfluous_charset' } });
    const error = await failure(client().auth.test());
    expect(error.data).toEqual({
      ok: false,
      error: 'internal_error',
      warning: 'superfluous_charset',
      response_metadata: {},
    });
  });

  it('delay answers normally, later', async () => {
    fake.inject({ kind: 'delay', ms: 150 });
    const started = Date.now();
    expect((await client().auth.test()).ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('faults apply in order, only to their method, and reset() clears them', async () => {
    fake.inject({ kind: 'error', method: 'users.info', error: 'first' });
    fake.inject({ kind: 'error', error: 'second' });
    expect((await failure(client().auth.test())).data).toMatchObject({ error: 'second' });
    expect((await failure(client().users.info({ user: 'U0BOB' }))).data).toMatchObject({ error: 'first' });
    expect((await client().users.info({ user: 'U0BOB' })).ok).toBe(true);
    fake.inject({ kind: 'http', status: 500, times: 5 });
    fake.reset();
    expect((await client().auth.test()).ok).toBe(true);
    expect(fake.calls).toHaveLength(1);
  });
});
