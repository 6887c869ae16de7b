import { findCycle, folderGraph, graphLines } from './structure/import-graph.js';
import { functionLengths } from './structure/long-functions.js';

// `npm run structure`: the import graphs of src/ and src/reads/ (with any loop), and the functions over
// LONG lines, longest first. test/architecture holds the same facts as tests.

const LONG = Number(process.argv[2] ?? 60);

for (const [title, under] of [
  ['src/', ''],
  ['src/reads/', 'reads'],
] as const) {
  const graph = folderGraph(under);
  const cycle = findCycle(graph);
  console.log(
    `Folder graph of ${title} (${graph.size} nodes): ${cycle ? `LOOP ${cycle.join(' → ')}` : 'no loop'}`,
  );
  for (const line of graphLines(graph)) console.log(`  ${line}`);
  console.log();
}

const long = functionLengths().filter((f) => f.lines > LONG);
console.log(`Functions over ${LONG} lines in src/: ${long.length}`);
for (const f of long) console.log(`  ${String(f.lines).padStart(4)}  ${f.name}  (src/${f.file}:${f.line})`);
