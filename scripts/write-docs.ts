import { mkdir, readdir, unlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { READ_DOCS_DIR, readDocs } from './read-docs.js';

// `npm run docs`: regenerates each read's reference page (docs/reads/<read>.md) from its definition.
await mkdir(READ_DOCS_DIR, { recursive: true });
const pages = readDocs();
for (const [name, text] of pages) {
  await writeFile(join(READ_DOCS_DIR, name), text);
  console.log(`wrote ${relative(process.cwd(), join(READ_DOCS_DIR, name))}`);
}
// A page whose read is gone goes too (the index, README.md, is written by hand).
for (const name of await readdir(READ_DOCS_DIR))
  if (name.endsWith('.md') && name !== 'README.md' && !pages.has(name)) {
    await unlink(join(READ_DOCS_DIR, name));
    console.log(`removed ${relative(process.cwd(), join(READ_DOCS_DIR, name))}`);
  }
