import { describe, expect, it } from 'vitest';
import { baselineTokenize } from '../../src/catalog/baseline-bm25.js';
import { rankToolsBaseline } from '../../src/catalog/index.js';
import { tools } from './fixtures.js';

describe('rankToolsBaseline (MCP Router-style BM25)', () => {
  it('tokenizes without stemming or camel-case splitting', () => {
    expect(baselineTokenize('Sends the ProductComparison get_weather, x')).toEqual([
      'sends',
      'productcomparison',
      'get',
      'weather',
    ]);
  });

  it('scores relative to the top result, which is always 1', () => {
    const results = rankToolsBaseline({ query: ['create a new file'], tools, maxResults: 10 });
    expect(results.map((r) => r.toolKey)).toEqual([
      'c9d0:write_file',
      'b7c2:create_issue',
      'f8a9:get_new_releases',
      'c9d0:read_file',
    ]);
    expect(results[0]?.relevance).toBe(1);
    expect(rankToolsBaseline({ query: ['content'], tools, maxResults: 10 })[0]?.relevance).toBe(1);
  });
});
