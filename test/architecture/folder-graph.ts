import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = resolve(import.meta.dirname, '../../src');

/** Every .ts file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The node a file belongs to: its top folder under src/ (`reads`), or for src/'s own files the file itself
 * (`app.ts` is the top of the service, `errors.ts` the bottom: one node for both would be a cycle by fiat).
 */
const nodeOf = (file: string) => {
  const parts = relative(SRC, file).split('/');
  return parts[0] as string;
};

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g;

/** Which top folders of src/ import which (type-only imports count: a layer's types are part of it). */
export function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = nodeOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), (match[1] ?? match[2]) as string).replace(/\.js$/, '.ts');
      if (!target.startsWith(SRC)) continue;
      const to = nodeOf(target);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** A cycle of folders (`a → b → a`), or undefined when the graph has none. */
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
