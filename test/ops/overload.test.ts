import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, buildHarness, errorBody, type Harness } from '../helper.js';
import { waitFor } from '../support/wait-for.js';

let h: Harness;
beforeAll(async () => {
  // A heap threshold of one byte: the first sample (after ~1 s) puts the replica under pressure.
  h = await buildHarness({ config: { PRESSURE_MAX_HEAP_USED_BYTES: 1, PRESSURE_RETRY_AFTER_S: 7 } });
  await waitFor(() => h.app.isUnderPressure(), 'under-pressure to sample the heap', 3000);
});
afterAll(() => h.close());

describe('under pressure', () => {
  it('sheds API requests and readiness with 503, Retry-After and our error body, without calling Slack', async () => {
    for (const url of ['/search/messages?query=deploy', '/readyz']) {
      const res = await h.app.inject({ url, headers: authHeaders() });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('7');
      expect(res.json()).toEqual(
        errorBody(503, 'AS_ERR_OVERLOADED', 'The service is overloaded: retry after 7 s'),
      );
    }
    expect(h.slack.count()).toBe(0);
  });

  it('keeps liveness and metrics answering', async () => {
    expect((await h.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/metrics', headers: authHeaders() })).statusCode).toBe(200);
  });
});
