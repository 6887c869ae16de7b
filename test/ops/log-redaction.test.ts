import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LONG_THREAD, DEMO_OTHER_TOKEN, DEMO_REVOKED_TOKEN } from '../../fake-slack/index.js';
import { redactUrl, scrubSecrets } from '../../src/logging/log-options.js';
import { API_TOKEN, buildHarness, type Harness, SLACK_TOKEN } from '../helper.js';

const METRICS_TOKEN = 'metrics-secret-93b1';
const URL_TOKEN = 'xoxp-url-secret-5521';
const URL_KEY = 'url-api-key-77c0';
const SECRETS = [
  API_TOKEN,
  SLACK_TOKEN,
  DEMO_OTHER_TOKEN,
  DEMO_REVOKED_TOKEN,
  METRICS_TOKEN,
  URL_TOKEN,
  URL_KEY,
];

const lines: string[] = [];
let h: Harness;
beforeAll(async () => {
  // The most verbose level, so that the Slack SDK's own debug lines are captured too.
  h = await buildHarness({
    logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
    config: { METRICS_TOKEN },
  });
});
afterAll(() => h.close());

const auth = { authorization: `Bearer ${API_TOKEN}` };

describe('logs', () => {
  it('carry no secret from headers, URLs or Slack errors, at trace level', async () => {
    const thread = `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}`;
    const responses = [
      await h.app.inject({
        url: '/search/messages?query=deploy',
        headers: { ...auth, 'x-slack-token': DEMO_OTHER_TOKEN },
      }),
      await h.app.inject({ url: `/search/messages?query=deploy&token=${URL_TOKEN}`, headers: auth }),
      await h.app.inject({ url: `/search/messages?api_key=${URL_KEY}&query=${URL_TOKEN}`, headers: auth }),
      await h.app.inject({
        url: thread,
        headers: { ...auth, 'x-slack-token': DEMO_REVOKED_TOKEN, cookie: `s=${API_TOKEN}` },
      }),
      await h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
      await h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${API_TOKEN}` } }),
      await h.app.inject({ url: `/no-such-route?token=${URL_TOKEN}&q=1`, headers: auth }),
      await h.app.inject({ url: '/search/messages/?query=private+search+words', headers: auth }),
    ];
    h.slack.inject({ method: 'search.messages', kind: 'http', status: 500, times: 3 });
    responses.push(
      await h.app.inject({
        url: '/search/messages?query=outage',
        headers: { ...auth, 'x-slack-token': DEMO_OTHER_TOKEN },
      }),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 400, 400, 401, 200, 401, 404, 404, 502]);
    expect(lines.join('')).not.toContain('private');

    const output = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    for (const secret of SECRETS) expect(output, `a log line contains ${secret}`).not.toContain(secret);
    // The access line names the route template, never the URL; a request no route matched is "unmatched".
    const access = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request completed');
    expect(access.every((l) => !('url' in l))).toBe(true);
    expect(access.map((l) => [l.route, l.statusCode])).toEqual([
      ['/search/messages', 200],
      ['/search/messages', 400],
      ['/search/messages', 400],
      ['/threads/:channel/:ts', 401],
      ['/metrics', 200],
      ['/metrics', 401],
      ['unmatched', 404],
      ['unmatched', 404],
      ['/search/messages', 502],
    ]);
  });

  it('are JSON lines carrying the request id', async () => {
    lines.length = 0;
    await h.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-abc-123' } });
    const parsed = lines.map((l) => JSON.parse(l));
    // One line per request, Fastify's own two lines are off.
    expect(parsed).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        hostname: expect.any(String),
        reqId: 'trace-abc-123',
        method: 'GET',
        route: '/healthz',
        statusCode: 200,
        ms: expect.any(Number),
        ip: '127.0.0.1',
        msg: 'request completed',
      },
    ]);
  });
});

describe('redactUrl and scrubSecrets', () => {
  it.each([
    ['/a?token=xyz&q=1', '/a?token=[Redacted]&q=1'],
    ['/a?access_token=xyz', '/a?access_token=[Redacted]'],
    ['/a?Client_Secret=xyz&password=p', '/a?Client_Secret=[Redacted]&password=[Redacted]'],
    ['/a?q=xoxb-123-abc', '/a?q=[Redacted]'],
    ['/threads/xoxe.xoxp-1-abc/1', '/threads/[Redacted]/1'],
    ['/search/messages?query=deploy&count=3', '/search/messages?query=deploy&count=3'],
  ])('%s → %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
  });

  it('scrubs Slack tokens and bearer credentials from any log line', () => {
    expect(scrubSecrets('{"msg":"sent xoxp-1-2-3 with Authorization: Bearer abc.def"}')).toBe(
      '{"msg":"sent [Redacted] with Authorization: Bearer [Redacted]"}',
    );
  });
});
