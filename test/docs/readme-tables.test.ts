import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openapiPath } from '../../src/mcp/instructions.js';
import { READS } from '../../src/reads/reads.js';

const read = (path: string) => readFileSync(resolve(import.meta.dirname, '../..', path), 'utf8');
const README = read('README.md');
const READS_INDEX = read('docs/reads/README.md');

/** The rows of the first table after `marker` in `text`, each as its trimmed cells. */
function tableAfter(marker: string, text = README): string[][] {
  const start = text.indexOf(marker);
  if (start < 0) throw new Error(`no ${JSON.stringify(marker)}`);
  const lines = text.slice(start).split('\n');
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

describe('the README and docs/reads tables agree with the read definitions (src/reads/reads.ts)', () => {
  it('lists every read as an endpoint, in the list order, besides the service routes', () => {
    const rows = tableAfter('| endpoint').map((r) => r[0] as string);
    const reads = rows.filter((cell) => READS.some((read) => cell === twin(read)));
    expect(reads).toEqual(READS.map(twin));
    const others = rows.filter((cell) => !reads.includes(cell));
    expect(others).toEqual([
      '`POST /mcp`',
      '`GET /healthz`, `GET /readyz`',
      '`GET /admin/audit`, `GET /admin`',
      '`GET /metrics`',
      '`GET /openapi.json`, `GET /docs`',
      '`GET /`',
    ]);
  });

  it('lists every MCP tool with its REST twin, annotations and page, in the list order', () => {
    const rows = tableAfter('| tool', READS_INDEX).map(([tool, rest, annotations, , page]) => ({
      tool,
      rest,
      annotations,
      page,
    }));
    expect(rows).toEqual(
      READS.map((read) => ({
        tool: `\`${read.mcp.tool}\``,
        rest: twin(read),
        annotations: Object.entries(read.mcp.annotations)
          .map(([name, value]) => `\`${name}: ${value}\``)
          .join(', '),
        page: `[${read.name}](${read.name}.md)`,
      })),
    );
  });

  it('counts the tools as the list does, wherever the docs count them', () => {
    const words = new RegExp(`\\b(${NUMBERS.join('|')}) MCP tools\\b`, 'g');
    const docs = [
      README,
      READS_INDEX,
      read('docs/mcp.md'),
      read('docs/architecture.md'),
      read('docs/api.md'),
    ];
    const counts = docs.flatMap((text) => [...text.matchAll(words)].map((m) => m[1]));
    for (const count of counts) expect(count).toBe(NUMBERS[READS.length]);
  });

  it('keeps the README a front page', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(250);
  });
});
