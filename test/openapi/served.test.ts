import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_JSON } from '../../scripts/openapi-files.js';
import { buildHarness, type Harness } from '../helper.js';

let h: Harness;
beforeAll(async () => {
  h = await buildHarness();
});
afterAll(() => h.close());

describe('the served OpenAPI document and Swagger UI', () => {
  it('serves the committed document at /openapi.json over HTTP, without auth', async () => {
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual(JSON.parse(readFileSync(OPENAPI_JSON, 'utf8')));
  });

  it('serves Swagger UI at /docs without auth', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>Swagger UI</title>');
  });
});
