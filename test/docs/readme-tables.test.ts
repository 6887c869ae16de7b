import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openapiPath } from '../../src/mcp/instructions.js';
import { READS } from '../../src/reads/reads.js';

const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

/** The rows of the first table after `marker`, each as its trimmed cells. */
function tableAfter(marker: string): string[][] {
  const start = README.indexOf(marker);
  if (start < 0) throw new Error(`README has no ${JSON.stringify(marker)}`);
  const lines = README.slice(start).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

const twin = (read: (typeof READS)[number]) => `\`${read.rest.method} ${openapiPath(read.rest.path)}\``;
const NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

describe('README tables agree with the read definitions (src/reads/reads.ts)', () => {
  it('lists every read as an endpoint, in the list order, besides the service routes', () => {
    const rows = tableAfter('| endpoint').map((r) => r[0] as string);
    const reads = rows.filter((cell) => READS.some((read) => cell === twin(read)));
    expect(reads).toEqual(READS.map(twin));
    const others = rows.filter((cell) => !reads.includes(cell));
    expect(others).toEqual([
      '`POST /mcp`',
      '`GET /healthz`, `GET /readyz`',
      '`GET /metrics`',
      '`GET /openapi.json`, `GET /docs`',
    ]);
  });

  it('lists every MCP tool with its REST twin and annotations, in the list order', () => {
    const rows = tableAfter('| tool').map(([tool, rest, annotations]) => ({ tool, rest, annotations }));
    expect(rows).toEqual(
      READS.map((read) => ({
        tool: `\`${read.mcp.tool}\``,
        rest: twin(read),
        annotations: Object.entries(read.mcp.annotations)
          .map(([name, value]) => `\`${name}: ${value}\``)
          .join(', '),
      })),
    );
  });

  it('counts the tools as the list does', () => {
    const words = new RegExp(`\\b(${NUMBERS.join('|')}) MCP tools\\b`, 'g');
    const counts = [...README.matchAll(words)].map((m) => m[1]);
    expect(counts.length).toBeGreaterThan(0);
    for (const count of counts) expect(count).toBe(NUMBERS[READS.length]);
  });
});
