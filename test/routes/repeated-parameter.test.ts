import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LONG_THREAD } from '../../fake-slack/index.js';
import { authHeaders, buildHarness, errorBody, type Harness } from '../helper.js';

let h: Harness;
beforeAll(async () => {
  h = await buildHarness();
});
afterAll(() => h.close());

describe('a query parameter given twice', () => {
  it.each([
    ['/search/messages?query=deploy&query=rollback', 'querystring/query was given 2 times; give it once'],
    [
      `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}?limit=5&limit=6&limit=7`,
      'querystring/limit was given 3 times; give it once',
    ],
    [
      '/search/messages?query=deploy&response_format=compact&response_format=concise',
      'querystring/response_format was given 2 times; give it once',
    ],
  ])('%s is a 400 that says so', async (url, message) => {
    const res = await h.app.inject({ url, headers: authHeaders() });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: errorBody(400, 'FST_ERR_VALIDATION', message),
    });
  });

  it('is still a list where the parameter takes one', async () => {
    const res = await h.app.inject({
      url: '/search/messages?query=deploy&channel_ids=C07INCIDNT&channel_ids=C07DEPLOYS&count=1',
      headers: authHeaders(),
    });
    expect(res.statusCode).toBe(200);
  });
});
