import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import pkg from '../package.json' with { type: 'json' };

// `npm run build`: dist/ as a few bundled ES modules instead of one file per source module (start-up,
// issue 29: resolving and evaluating hundreds of small ES modules was a third of the start). Bundled: our
// code and the dependencies shipped as many small ES modules that read no files at run time (TypeBox ~250,
// the MCP SDK and zod), with what they import that is not a dependency of ours. Every other dependency stays
// a package that dist/ imports from node_modules. Dynamic imports stay lazy (code splitting); the worker the
// catalog ranks on and the one HTML files convert on are entry points of their own, beside the chunks.
const BUNDLED = new Set(['@sinclair/typebox', '@modelcontextprotocol/server', 'zod']);
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
