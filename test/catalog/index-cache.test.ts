import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/catalog/build-index.js';
import { IndexCache, rankTools, type ToolInfo } from '../../src/catalog/index.js';
import { indexBytes } from '../../src/catalog/tool-index.js';
import { toRankTool } from '../../src/catalog/tool-text.js';
import { tools } from './fixtures.js';

const queries = [
  ['send', 'slack', 'message'],
  ['Create an issue on GitHub'],
  ['new'],
  ['微博热搜'],
  ['rain tomorrow'],
];

describe('IndexCache', () => {
  it('serves a repeated tool list from the cache with the same results', () => {
    const cache = new IndexCache();
    for (const query of queries) {
      const fresh = rankTools({ query, tools, maxResults: 10 });
      expect(rankTools({ query, tools, maxResults: 10 }, { cache })).toEqual(fresh);
      expect(rankTools({ query, tools: structuredClone(tools), maxResults: 10 }, { cache })).toEqual(fresh);
    }
    // first sighting: partial index; second: full index built and kept; then hits
    expect(cache.stats).toEqual({
      hits: queries.length * 2 - 2,
      misses: 2,
      size: 1,
      bytes: expect.any(Number),
    });
  });

  it('tells apart lists that differ in any field', () => {
    const cache = new IndexCache();
    const changed: ToolInfo[] = tools.map((t, i) =>
      i === 0 ? { ...t, description: `${t.description} Also posts.` } : t,
    );
    for (const list of [tools, tools, changed, changed])
      rankTools({ query: ['slack'], tools: list, maxResults: 5 }, { cache });
    expect(cache.stats).toMatchObject({ hits: 0, misses: 4, size: 2 });
    expect(rankTools({ query: ['posts'], tools: changed, maxResults: 5 }, { cache })).toHaveLength(1);
    expect(rankTools({ query: ['posts'], tools, maxResults: 5 }, { cache })).toEqual([]);
  });

  it('keeps at most maxBytes of indexes, dropping the least recently used', () => {
    const lists = [tools.slice(0, 3), tools.slice(3, 6), tools.slice(6)];
    const sizes = lists.map((list) => indexBytes(buildIndex(list.map(toRankTool))));
    const cache = new IndexCache(Math.max(...sizes) * 2 + 1);
    const see = (list: ToolInfo[]) => rankTools({ query: ['file'], tools: list, maxResults: 5 }, { cache });
    for (const list of lists) {
      see(list);
      see(list);
    }
    expect(cache.stats.size).toBe(2);
    expect(cache.stats.bytes).toBeLessThanOrEqual(cache.maxBytes);
    const before = cache.stats.hits;
    see(lists[2] as ToolInfo[]);
    see(lists[1] as ToolInfo[]);
    expect(cache.stats.hits).toBe(before + 2);
    see(lists[0] as ToolInfo[]);
    expect(cache.stats.hits).toBe(before + 2);
  });

  it('never keeps an index larger than its bound, and estimates size from what the index holds', () => {
    const big = tools.map((t, i) => ({ ...t, toolKey: `big${i}`, description: 'lorem ipsum '.repeat(2000) }));
    // Ranking reads a description's first 8,192 characters only.
    expect(indexBytes(buildIndex(big.map(toRankTool)))).toBeGreaterThan(big.length * 2 * 8192);
    const cache = new IndexCache(100_000);
    rankTools({ query: ['lorem'], tools: big, maxResults: 5 }, { cache });
    rankTools({ query: ['lorem'], tools: big, maxResults: 5 }, { cache });
    expect(cache.stats).toEqual({ hits: 0, misses: 2, size: 0, bytes: 0 });
  });
});
