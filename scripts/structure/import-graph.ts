import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const SRC = resolve(import.meta.dirname, '../../src');

/** Every .ts file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g;

/** Which files of src/ each file imports (type-only imports count: a layer's types are part of it). */
export function fileGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const edges = new Set<string>();
    graph.set(relative(SRC, file), edges);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), (match[1] ?? match[2]) as string).replace(/\.js$/, '.ts');
      if (target.startsWith(SRC)) edges.add(relative(SRC, target));
    }
  }
  return graph;
}

/**
 * The import graph of the folder `under` (relative to src/, '' for src/ itself) with one node per folder
 * directly in it (`reads`, `search-messages`), and for its own files the file itself (`app.ts` is the top
 * of the service, `errors.ts` the bottom; `reads.ts`, the list, is above the read folders, `wording.ts`
 * below them: one node for both would be a cycle by fiat). Imports from outside the folder are left out.
 */
export function folderGraph(under = ''): Map<string, Set<string>> {
  const prefix = under ? `${under}/` : '';
  const nodeOf = (file: string) =>
    file.startsWith(prefix) ? (file.slice(prefix.length).split('/')[0] as string) : undefined;
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of fileGraph()) {
    const from = nodeOf(file);
    if (from === undefined) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of targets) {
      const to = nodeOf(target);
      if (to !== undefined && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** A cycle (`a → b → a`), or undefined when the graph has none. */
export function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

/** The graph as lines, `from → to, to`, sorted: what `npm run structure` prints. */
export function graphLines(graph: Map<string, Set<string>>): string[] {
  return [...graph]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([from, to]) => `${from} → ${[...to].sort().join(', ') || '(nothing)'}`);
}
