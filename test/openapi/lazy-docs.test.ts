import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { OPENAPI_JSON } from '../../scripts/openapi-files.js';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config.js';
import { type BuildDocs, buildDocsApp, type DocsApp } from '../../src/openapi/docs-app.js';
import type { OpenapiOptions } from '../../src/plugins/openapi.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STATIC = join(dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')), 'static');
/** The committed document as /openapi.json sends it (JSON.stringify, keys in generation order). */
const SERVED = JSON.stringify(JSON.parse(readFileSync(OPENAPI_JSON, 'utf8')));

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(openapi: OpenapiOptions = {}) {
  const config = defaultConfig({ API_TOKENS: 'lazy-docs-token', LOG_LEVEL: 'silent' });
  app = await buildApp({ config, logger: false, defaultMetrics: false, openapi });
  await app.ready();
  return app;
}

/** buildDocsApp, counted; the first `failures` calls use `fail` instead. */
function countedBuild(failures = 0, fail: BuildDocs = async () => Promise.reject(new Error('boom'))) {
  const calls = { count: 0 };
  const build: BuildDocs = (source) => (++calls.count <= failures ? fail(source) : buildDocsApp(source));
  return { calls, build };
}

const unavailable = (reason: string) => ({
  statusCode: 503,
  code: 'AS_ERR_DOCS_UNAVAILABLE',
  error: 'Service Unavailable',
  message: `The API documentation is unavailable (${reason}): try again; the next request loads it anew`,
});

describe('the docs load on first use', () => {
  it('a started app has loaded neither @fastify/swagger nor @fastify/swagger-ui; GET /docs loads both', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/docs-load-probe.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect({ code, report: JSON.parse(stdout) }).toEqual({
      code: 0,
      report: { atStart: [], docsStatus: 200, afterDocs: ['@fastify/swagger', '@fastify/swagger-ui'] },
    });
  });

  it('two concurrent first requests for /openapi.json share one build and both get the committed document', async () => {
    const { calls, build } = countedBuild();
    const app = await start({ buildDocs: build });
    const [a, b] = await Promise.all([
      app.inject({ method: 'GET', url: '/openapi.json' }),
      app.inject({ method: 'GET', url: '/openapi.json' }),
    ]);
    expect([a, b].map((res) => [res.statusCode, res.headers['content-type'], res.body])).toEqual([
      [200, 'application/json; charset=utf-8', SERVED],
      [200, 'application/json; charset=utf-8', SERVED],
    ]);
    expect(JSON.stringify(await app.openapiDocument())).toBe(SERVED);
    expect((await app.inject({ method: 'GET', url: '/docs/json' })).body).toBe(SERVED);
    expect(calls.count).toBe(1);
  });

  it('openapiDocument() before the app is ready rejects: the routes are not all known yet', async () => {
    const config = defaultConfig({ API_TOKENS: 'lazy-docs-token', LOG_LEVEL: 'silent' });
    app = await buildApp({ config, logger: false, defaultMetrics: false });
    await expect(app.openapiDocument()).rejects.toThrow(
      'the OpenAPI document is built only once the app is ready',
    );
  });
});

describe('Swagger UI through the main app', () => {
  it('GET /docs is the Swagger UI page, and every file it links is served as @fastify/swagger-ui ships it', async () => {
    const app = await start();
    const page = await app.inject({ method: 'GET', url: '/docs' });
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.body).toContain('<title>Swagger UI</title>');
    const linked = [...page.body.matchAll(/(?:href|src)="(\/docs\/static\/[^"]+)"/g)].map(
      (m) => m[1] as string,
    );
    expect(linked).toEqual([
      '/docs/static/swagger-ui.css',
      '/docs/static/index.css',
      '/docs/static/favicon-32x32.png',
      '/docs/static/favicon-16x16.png',
      '/docs/static/swagger-ui-bundle.js',
      '/docs/static/swagger-ui-standalone-preset.js',
      '/docs/static/swagger-initializer.js',
    ]);
    for (const url of linked.filter((u) => !u.endsWith('swagger-initializer.js'))) {
      const res = await app.inject({ method: 'GET', url });
      const file = readFileSync(join(STATIC, url.slice('/docs/static/'.length)));
      expect({ url, status: res.statusCode, same: res.rawPayload.equals(file) }).toEqual({
        url,
        status: 200,
        same: true,
      });
    }
    const init = await app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect([init.statusCode, init.headers['content-type']]).toEqual([
      200,
      'application/javascript; charset=utf-8',
    ]);
    expect(init.body).toContain("url: resolveUrl('./json')");
  });

  it('keeps HTTP caching, HEAD, redirects and our 404 as Swagger UI answered them in the app itself', async () => {
    const app = await start();
    const css = await app.inject({ method: 'GET', url: '/docs/static/swagger-ui.css' });
    const { etag } = css.headers;
    const notModified = await app.inject({
      method: 'GET',
      url: '/docs/static/swagger-ui.css',
      headers: { 'if-none-match': String(etag) },
    });
    expect([notModified.statusCode, notModified.headers.etag, notModified.body]).toEqual([304, etag, '']);
    const head = await app.inject({ method: 'HEAD', url: '/docs/static/swagger-ui.css' });
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([
      200,
      String(css.rawPayload.length),
      '',
    ]);
    const redirect = await app.inject({ method: 'GET', url: '/docs/static/index.html' });
    expect([redirect.statusCode, redirect.headers.location, redirect.headers['content-type']]).toEqual([
      302,
      '/docs/',
      undefined,
    ]);
    const missing = await app.inject({ method: 'GET', url: '/docs/static/nope.js' });
    expect({ status: missing.statusCode, body: missing.json() }).toEqual({
      status: 404,
      body: {
        statusCode: 404,
        code: 'FST_ERR_NOT_FOUND',
        error: 'Not Found',
        message: 'Route GET /docs/static/nope.js not found',
      },
    });
  });
});

describe('a failed or slow build', () => {
  it('answers 503 in the error shape, and the next request builds again', async () => {
    const { calls, build } = countedBuild(2);
    const app = await start({ buildDocs: build });
    for (const url of ['/openapi.json', '/docs']) {
      const res = await app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 503,
        body: unavailable('loading failed'),
      });
    }
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect([res.statusCode, res.body]).toEqual([200, SERVED]);
    expect(calls.count).toBe(3);
  });

  it('gives up on a build after the time allowed, closes it when it comes, and builds again', async () => {
    let lateClosed = false;
    const late: DocsApp = {
      document: () => ({ late: true }),
      answer: async () => ({ statusCode: 200, headers: {}, payload: Buffer.from('late') }),
      close: async () => {
        lateClosed = true;
      },
    };
    let arrived: () => void = () => {};
    const slow: BuildDocs = () =>
      new Promise((resolve) => {
        arrived = () => resolve(late);
      });
    const { calls, build } = countedBuild(1, slow);
    const app = await start({ buildDocs: build, buildTimeoutMs: 50 });
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 503,
      body: unavailable('loading took over 50 ms'),
    });
    arrived();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lateClosed).toBe(true);
    const again = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect([again.statusCode, again.body, calls.count]).toEqual([200, SERVED, 2]);
  });
});
