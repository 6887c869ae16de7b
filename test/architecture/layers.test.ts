import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { READS } from '../../src/reads/reads.js';
import { findCycle, folderGraph } from './folder-graph.js';

describe('layers', () => {
  it('src/ folders import only downward: the folder graph has no cycle', () => {
    expect(findCycle(folderGraph())).toBeUndefined();
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
