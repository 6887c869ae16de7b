// Which of @fastify/swagger and @fastify/swagger-ui a process has loaded once the app is ready, and after a
// request for /docs, as JSON on stdout. They are CommonJS packages: importing one puts its files in the
// CommonJS module cache, whatever imports it, statically or not.
import { createRequire } from 'node:module';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config.js';

const cache = createRequire(import.meta.url).cache;
const PACKAGE = /[\\/]node_modules[\\/]@fastify[\\/](swagger(?:-ui)?)[\\/]/;
const loaded = () =>
  [...new Set(Object.keys(cache).flatMap((file) => PACKAGE.exec(file)?.[1] ?? []))]
    .map((name) => `@fastify/${name}`)
    .sort();

const app = await buildApp({
  config: defaultConfig({ API_TOKENS: 'probe-token', LOG_LEVEL: 'silent' }),
  logger: false,
  defaultMetrics: false,
});
await app.ready();
const atStart = loaded();
const docs = await app.inject({ method: 'GET', url: '/docs' });
const afterDocs = loaded();
await app.close();
process.stdout.write(`${JSON.stringify({ atStart, docsStatus: docs.statusCode, afterDocs })}\n`);
