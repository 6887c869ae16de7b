import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config.js';
import { API_TOKEN, buildHarness, errorBody, get, type Harness } from '../helper.js';

// Defects the fuzzers found, pinned as examples (the Slack-side one is in test/faults).

let h: Harness;
beforeAll(async () => {
  h = await buildHarness();
});
afterAll(() => h.close());

describe('paths Fastify refuses before routing', () => {
  it('answers a path parameter over 100 characters with our 400, not a 414 echoing the path', async () => {
    const res = await get(h.app, `/threads/C${'A'.repeat(120)}/1767225660.000200`);
    expect(res.status).toBe(400);
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    expect(res.body).toEqual(
      errorBody(400, 'FST_ERR_MAX_PARAM_LENGTH', 'A path parameter is longer than 100 characters'),
    );
  });

  it('answers a path that is not valid percent-encoding with our 400', async () => {
    const res = await get(h.app, '/threads/%E0%A4%A/1767225660.000200');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      errorBody(400, 'FST_ERR_BAD_URL', 'The URL path is not valid percent-encoded UTF-8'),
    );
  });
});

describe('a boot that blocks the event loop for over a second', () => {
  it('does not shed the first requests after the app is ready', async () => {
    const app = await buildApp({
      config: defaultConfig({ API_TOKENS: API_TOKEN, LOG_LEVEL: 'silent' }),
      logger: false,
    });
    try {
      // Stands in for compiling every schema on a slow machine: under-pressure's first sample sees it.
      const until = Date.now() + 1500;
      while (Date.now() < until);
      await app.ready();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect([res.statusCode, res.json()]).toEqual([200, { status: 'ready', cache: 'memory' }]);
    } finally {
      await app.close();
    }
  });
});
