// Runs a bench as production runs the service: bundled by esbuild as `npm run build` bundles dist/ (no
// `keepNames`, which tsx turns on and which names every closure the request path makes), not transpiled per
// module by tsx. `npx tsx bench/built.ts bench/policy.ts` bundles the bench with the code it imports into
// .bench-build/ (its packages stay imports of node_modules) and runs it with this Node, passing on the
// environment and the bench's exit code.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { basename, extname, join } from 'node:path';
import { build } from 'esbuild';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: npx tsx bench/built.ts bench/<bench>.ts [args…]');
  process.exit(2);
}
// Inside the repository, so that the bundle's imports of packages resolve from node_modules.
const outfile = join('.bench-build', `${basename(entry, extname(entry))}.mjs`);
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'inline',
  logLevel: 'warning',
});
const child = spawn(process.execPath, ['--enable-source-maps', outfile, ...args], { stdio: 'inherit' });
const [code] = (await once(child, 'exit')) as [number | null];
process.exit(code ?? 1);
