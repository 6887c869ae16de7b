import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHarness, type Harness } from '../helper.js';

// Which routes answer without a bearer token, probed on every route of the OpenAPI document (and the docs),
// and the README's sentence that says so: the two may not disagree.

let h: Harness;
beforeAll(async () => {
  h = await buildHarness();
});
afterAll(() => h.close());

/** A concrete URL for an OpenAPI path template. */
const concrete = (path: string) =>
  path.replace('{channel}', 'C07INCIDNT').replace('{ts}', '1773133920.004100');

async function publicPaths(): Promise<string[]> {
  const doc = (await h.app.openapiDocument()) as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => ({ path, method: method.toUpperCase() as 'GET' | 'POST' })),
  );
  operations.push({ path: '/docs', method: 'GET' }, { path: '/openapi.json', method: 'GET' });
  const open: string[] = [];
  for (const { path, method } of operations) {
    const res = await h.app.inject({
      method,
      url: concrete(path),
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    if (res.statusCode !== 401) open.push(path);
  }
  return open.sort();
}

describe('routes without a token', () => {
  it('GET / points to the docs', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/' });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 200,
      body: {
        name: 'agent-search',
        docs: '/docs',
        openapi: '/openapi.json',
        mcp: '/mcp',
        health: '/healthz',
      },
    });
  });

  it('GET /healthz says the process is up, as JSON', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/healthz' });
    expect({ status: res.statusCode, type: res.headers['content-type'], body: res.body }).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: '{"status":"ok"}',
    });
  });

  it('are exactly the ones the README names', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const sentence = /Every route except (.+?) needs `Authorization/s.exec(readme)?.[1] ?? '';
    const named = [...sentence.matchAll(/`(?:GET )?(\/[^`]*)`/g)].map((m) => m[1] as string).sort();
    expect(await publicPaths()).toEqual(['/', '/docs', '/healthz', '/openapi.json', '/readyz']);
    expect(named).toEqual(await publicPaths());
  });

  it('/metrics needs a token: any API token, or METRICS_TOKEN alone when set', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(401);
  });
});
