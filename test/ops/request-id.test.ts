import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, buildHarness, type Harness } from '../helper.js';

let h: Harness;
beforeAll(async () => {
  h = await buildHarness();
});
afterAll(() => h.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  it('echoes the caller’s id on success and on errors', async () => {
    const ok = await h.app.inject({ url: '/healthz', headers: { 'x-request-id': 'router-7f3a.1' } });
    expect(ok.headers['x-request-id']).toBe('router-7f3a.1');
    const denied = await h.app.inject({
      url: '/search/messages?query=x',
      headers: { 'x-request-id': 'r-2' },
    });
    expect([denied.statusCode, denied.headers['x-request-id']]).toEqual([401, 'r-2']);
  });

  it('generates a UUID when the caller sends none, or one that does not look like an id', async () => {
    const ids = [];
    for (const sent of [undefined, 'has spaces', 'x'.repeat(129), 'line\\nbreak']) {
      const res = await h.app.inject({
        url: '/search/messages?query=deploy',
        headers: authHeaders(sent === undefined ? {} : { 'x-request-id': sent }),
      });
      expect(res.statusCode).toBe(200);
      ids.push(res.headers['x-request-id']);
    }
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
