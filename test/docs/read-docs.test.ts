import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { READ_DOCS_DIR, readDocs } from '../../scripts/read-docs.js';

const STALE = 'is not what the definition generates: run `npm run docs` and commit docs/reads/';

describe("each read's reference page (docs/reads/<read>.md)", () => {
  it('is exactly what npm run docs generates from its definition', () => {
    for (const [name, text] of readDocs()) {
      const file = join(READ_DOCS_DIR, name);
      expect(existsSync(file), `${file} is missing: run \`npm run docs\``).toBe(true);
      expect(readFileSync(file, 'utf8'), `docs/reads/${name} ${STALE}`).toBe(text);
    }
  });

  it('has no page for a read that is gone', () => {
    const pages = readdirSync(READ_DOCS_DIR).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(pages.sort()).toEqual([...readDocs().keys()].sort());
  });
});
