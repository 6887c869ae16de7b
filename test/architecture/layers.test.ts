import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileGraph, findCycle, folderGraph } from '../../scripts/structure/import-graph.js';
import { READS } from '../../src/reads/reads.js';

describe('layers', () => {
  it('src/ folders import only downward: the folder graph has no cycle', () => {
    expect(findCycle(folderGraph())).toBeUndefined();
  });

  it('no file of src/ imports itself back, type-only imports included', () => {
    expect(findCycle(fileGraph())).toBeUndefined();
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['mcp', new Set(['plugins'])],
      ['plugins', new Set(['mcp', 'slack'])],
      ['slack', new Set<string>()],
    ]);
    expect(findCycle(graph)).toEqual(['mcp', 'plugins', 'mcp']);
  });

  it('front ends do not import each other, and nothing below them imports a front end', () => {
    const graph = folderGraph();
    expect(graph.get('mcp')?.has('routes')).toBe(false);
    for (const [from, to] of graph) {
      if (['routes', 'mcp', 'plugins', 'app.ts', 'mcp-stdio.ts', 'server.ts'].includes(from)) continue;
      expect({ from, to: [...to].filter((t) => t === 'routes' || t === 'mcp') }).toEqual({ from, to: [] });
    }
  });

  it('formatting (src/slack) names no REST path and no MCP tool: the definitions give them', () => {
    const dir = resolve(import.meta.dirname, '../../src/slack');
    const text = readdirSync(dir)
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('\n');
    const names = READS.flatMap((read) => [read.mcp.tool, read.rest.path.split('/:')[0] as string]);
    expect(names.filter((name) => text.includes(name))).toEqual([]);
  });
});

describe('inside src/reads', () => {
  const graph = folderGraph('reads');
  const folders = READS.map((read) => read.name);

  it('every read is a folder of its own, named as the definition says', () => {
    const dirs = readdirSync(resolve(import.meta.dirname, '../../src/reads'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(dirs.sort()).toEqual([...folders].sort());
  });

  it('the graph of its folders and shared files has no cycle', () => {
    expect(findCycle(graph)).toBeUndefined();
  });

  it('a read folder imports no other read folder; only the list (reads.ts) imports read folders', () => {
    const intoReads = [...graph].flatMap(([from, to]) =>
      [...to].filter((t) => folders.includes(t) && from !== 'reads.ts').map((t) => `${from} → ${t}`),
    );
    expect(intoReads).toEqual([]);
  });

  it('nothing outside src/reads imports a read folder: the list is the way in', () => {
    const outside = [...fileGraph()].flatMap(([file, targets]) =>
      file.startsWith('reads/')
        ? []
        : [...targets]
            .filter((t) => folders.some((f) => t.startsWith(`reads/${f}/`)))
            .map((t) => `${file} → ${t}`),
    );
    expect(outside).toEqual([]);
  });
});
