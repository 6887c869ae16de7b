// The fuzz properties of test/fuzz with many more runs (FUZZ_RUNS, default 20,000 per route) and a
// seed per run (FUZZ_SEED, default: time-based, printed); prints the answers by status.
// `npm run bench:fuzz`. Exits non-zero with the shrunk counterexample when a property fails.
import type fc from 'fast-check';
import { catalogSearchRequest } from '../test/fuzz/catalog-search.arbitrary.js';
import {
  buildFuzzTarget,
  type ExtraCheck,
  type FuzzRequest,
  fuzzRoute,
  type Operation,
} from '../test/fuzz/fuzz-harness.js';
import { catalogInvariants, slackInvariants } from '../test/fuzz/invariants.js';
import { searchMessagesRequest } from '../test/fuzz/search-messages.arbitrary.js';
import { threadsRequest } from '../test/fuzz/threads.arbitrary.js';
import { formatTable } from './format-table.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

const ROUTES: Array<[Operation, fc.Arbitrary<FuzzRequest>, ExtraCheck]> = [
  [{ method: 'GET', path: '/search/messages' }, searchMessagesRequest, slackInvariants],
  [{ method: 'GET', path: '/threads/{channel}/{ts}' }, threadsRequest, slackInvariants],
  [{ method: 'POST', path: '/catalog/search' }, catalogSearchRequest, catalogInvariants],
];

console.log(`fuzz: ${RUNS} runs per route, seed ${SEED}, Node ${process.version}`);
const rows: string[][] = [];
const statuses = new Set<number>();
const results: Array<[string, Map<number, number>, number]> = [];
for (const [op, requests, extra] of ROUTES) {
  const target = await buildFuzzTarget();
  const started = performance.now();
  try {
    const counts = await fuzzRoute(target, op, requests, { seed: SEED, numRuns: RUNS, extra });
    for (const s of counts.keys()) statuses.add(s);
    results.push([`${op.method} ${op.path}`, counts, (performance.now() - started) / 1000]);
  } finally {
    await target.close();
  }
}
const columns = [...statuses].sort((a, b) => a - b);
for (const [name, counts, seconds] of results) {
  rows.push([name, ...columns.map((s) => String(counts.get(s) ?? 0)), seconds.toFixed(1)]);
}
console.log(`\n${formatTable(['route', ...columns.map(String), 'seconds'], rows)}\n`);
console.log('no 5xx, every body matched the documented schema for its status');
