import { describe, expect, it } from 'vitest';
import { IndexCache, rankTools, type ToolInfo } from '../../src/catalog/index.js';
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
    expect(cache.stats).toEqual({ hits: queries.length * 2 - 2, misses: 2, size: 1 });
  });

  it('tells apart lists that differ in any field', () => {
    const cache = new IndexCache();
    const changed: ToolInfo[] = tools.map((t, i) =>
      i === 0 ? { ...t, description: `${t.description} Also posts.` } : t,
    );
    for (const list of [tools, tools, changed, changed])
      rankTools({ query: ['slack'], tools: list, maxResults: 5 }, { cache });
    expect(cache.stats).toEqual({ hits: 0, misses: 4, size: 2 });
    expect(rankTools({ query: ['posts'], tools: changed, maxResults: 5 }, { cache })).toHaveLength(1);
    expect(rankTools({ query: ['posts'], tools, maxResults: 5 }, { cache })).toEqual([]);
  });

  it('keeps at most maxEntries lists, dropping the least recently used', () => {
    const cache = new IndexCache(2);
    const lists = [tools.slice(0, 3), tools.slice(3, 6), tools.slice(6)];
    const see = (list: ToolInfo[]) => rankTools({ query: ['file'], tools: list, maxResults: 5 }, { cache });
    for (const list of lists) {
      see(list);
      see(list);
    }
    expect(cache.stats.size).toBe(2);
    const before = cache.stats.hits;
    see(lists[2] as ToolInfo[]);
    see(lists[1] as ToolInfo[]);
    expect(cache.stats.hits).toBe(before + 2);
    see(lists[0] as ToolInfo[]);
    expect(cache.stats.hits).toBe(before + 2);
  });
});
