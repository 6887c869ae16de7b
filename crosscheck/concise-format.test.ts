import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDir } from '../bench/catalog-eval-data.js';
import { conciseFormatPath, formatFields, tableFields } from '../test/support/concise-contract.js';

// docs/concise-format.md (our statement of the concise format, which the test harness holds every concise
// body to) against the contract it carries over, ../shared/contracts/concise-format.md: the same fields
// readers rely on, in the same order, and every fact the contract spells in code (summary sentences,
// parameters, the size cap and its truncation mark) stated in ours too.

const contract = readFileSync(resolve(sharedDir(), 'contracts/concise-format.md'), 'utf8');
const ours = readFileSync(conciseFormatPath, 'utf8');

/** The contract's table fields under the heading that starts `## <shape>`. */
function contractFields(shape: string): string[] {
  const start = contract.indexOf(`\n## ${shape}`);
  expect(start, `no "## ${shape}" section in the shared contract`).toBeGreaterThanOrEqual(0);
  const end = contract.indexOf('\n## ', start + 1);
  return tableFields(contract.slice(start, end < 0 ? undefined : end));
}

/** Backticked spans of a markdown text, whitespace collapsed. */
const codeSpans = (markdown: string) =>
  new Set([...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => (m[1] as string).replace(/\s+/g, ' ')));

describe('docs/concise-format.md says what the shared concise contract says', () => {
  it.each(['Search', 'Thread'] as const)('%s: the fields readers rely on, in order', (shape) => {
    const fields = contractFields(shape);
    expect(fields.length).toBeGreaterThan(5);
    expect(formatFields(ours, shape).relied).toEqual(fields);
  });

  it('every field name, sentence and figure the contract spells in code', () => {
    const spans = codeSpans(contract);
    expect(spans.size).toBeGreaterThan(20);
    const mine = codeSpans(ours);
    expect([...spans].filter((s) => !mine.has(s))).toEqual([]);
    expect(contract).toContain('400,000 bytes');
    expect(ours).toContain('400,000 bytes');
  });
});
