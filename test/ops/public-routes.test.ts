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

/** Sign in with Slack's routes: public by nature (they are how a token is got); docs/sign-in.md lists them. */
async function signInPaths(): Promise<string[]> {
  const doc = (await h.app.openapiDocument()) as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  return Object.entries(doc.paths)
    .filter(([, item]) => Object.values(item).some((op) => op.tags?.[0] === 'sign-in'))
    .map(([path]) => path)
    .sort();
}

async function publicPaths(): Promise<string[]> {
  const doc = (await h.app.openapiDocument()) as { paths: Record<string, Record<string, unknown>> };
  const signIn = new Set(await signInPaths());
  const operations = Object.entries(doc.paths)
    .filter(([path]) => !signIn.has(path))
    .flatMap(([path, item]) =>
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

  it('the sign-in routes are public and are the ones docs/sign-in.md lists', async () => {
    const guide = readFileSync(new URL('../../docs/sign-in.md', import.meta.url), 'utf8');
    const table = guide.slice(guide.indexOf('## Routes'));
    const listed = [...table.matchAll(/^\| `(?:GET|POST) ([^`]+)`/gm)].map((m) => m[1] as string);
    expect([...new Set(listed)].sort()).toEqual(await signInPaths());
    // Unconfigured here: each answers 404 naming the settings, never 401.
    const doc = (await h.app.openapiDocument()) as { paths: Record<string, Record<string, unknown>> };
    for (const path of await signInPaths()) {
      for (const method of Object.keys(doc.paths[path] ?? {})) {
        const res = await h.app.inject({ method: method.toUpperCase() as 'GET' | 'POST', url: path });
        expect([path, res.statusCode, res.json().code]).toEqual([path, 404, 'AS_ERR_SIGN_IN_OFF']);
      }
    }
  });

  it('/metrics needs a token: any API token, or METRICS_TOKEN alone when set', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(401);
  });
});
