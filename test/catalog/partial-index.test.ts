import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexCache, rankTools, type ToolInfo } from '../../src/catalog/index.js';
import { tools } from './fixtures.js';

const extra: ToolInfo[] = [
  {
    toolKey: 'x1',
    toolName: 'getFileVersions',
    serverName: 'Aspose Cells',
    description: 'Lists the versions of a file.',
  },
  {
    toolKey: 'x2',
    toolName: 'getinventory',
    serverName: 'petstore',
    description: 'Returns a map of status codes.',
  },
  {
    toolKey: 'x3',
    toolName: 'HTTPServer_status',
    serverName: 'ops',
    description: 'Dying, lying and tying; skies and news.',
  },
];
const pool = [...tools, ...extra];
const words = [
  'send',
  'Sending',
  'messages',
  'GitHub',
  'issue',
  'file',
  'versions',
  'inventory',
  'getInventory',
  'http',
  'server',
  'status',
  'news',
  'new',
  'dying',
  'skies',
  'rain',
  'weather',
  '微博',
  '热搜榜',
  'save',
  'x.md',
  '/tmp/a/b.csv',
  'the',
  'of',
  'HTTPServer',
  'file_versions',
  'list-files',
  'café',
];

describe('the partial index made for one query', () => {
  it('ranks exactly as the full index does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.option(fc.array(fc.constantFrom(...words), { maxLength: 4 }), { nil: undefined }),
        (items, context) => {
          const req = {
            query: items.map((w) => w.join(' ')),
            context: context?.join(' '),
            tools: pool,
            maxResults: 20,
          };
          const cache = new IndexCache();
          const partial = rankTools(req, { cache });
          expect(rankTools(req, { cache })).toEqual(partial);
          expect(rankTools(req, { cache })).toEqual(partial);
          expect(cache.stats.hits).toBe(cache.stats.misses > 0 ? 1 : 0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
