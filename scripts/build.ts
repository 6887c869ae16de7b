import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import pkg from '../package.json' with { type: 'json' };

// `npm run build`: dist/ as a few bundled ES modules instead of one file per source module (start-up,
// issues 29 and 41: resolving, reading and compiling hundreds of small modules, and lexing each CommonJS
// package's exports for ESM, was most of the start). Bundled: our code and every dependency the server or the
// stdio bin loads before its first answer (Fastify and what it requires, pino, the plugins that run at every
// start), and the dependencies shipped as many small modules (TypeBox ~250, the MCP SDK and zod), with what they
// import that is not a dependency of ours; none of them reads a file at run time. The others stay packages that
// dist/ imports from node_modules, loaded only when a request or setting needs them (the Slack client, Redis,
// the API document, the rate limits, the JSON Schema compilers). Dynamic imports stay lazy (code splitting);
// the worker the catalog ranks on and the one HTML files convert on are entry points of their own.
const BUNDLED = new Set([
  '@sinclair/typebox',
  '@modelcontextprotocol/server',
  'zod',
  'fastify',
  'fastify-plugin',
  '@fastify/bearer-auth',
  '@fastify/error',
  '@fastify/under-pressure',
  'close-with-grace',
  'cookie',
  'pino',
  'prom-client',
  'secure-json-parse',
  'wink-porter2-stemmer',
]);
// Bundled CommonJS (the SDK's ajv-formats) calls require(), which an ES module has only when given one.
const REQUIRE =
  "import { createRequire as __createRequireForBundle } from 'node:module'; const require = __createRequireForBundle(import.meta.url);";

const { values } = parseArgs({ options: { outDir: { type: 'string', default: 'dist' } } });
const outdir = values.outDir;
const external = Object.keys(pkg.dependencies)
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [
    'src/server.ts',
    'src/mcp-stdio.ts',
    'src/catalog/rank-worker.ts',
    'src/reads/read-file/html-worker.ts',
  ],
  outdir,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external,
  sourcemap: true,
  sourcesContent: false, // the maps name the source files, as tsc's did, without copying them in
  banner: { js: REQUIRE },
  logLevel: 'warning',
});
