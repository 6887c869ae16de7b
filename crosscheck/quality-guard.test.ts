import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evalFilePath, loadEvalCases } from '../bench/catalog-eval-data.js';
import { ndcgByFamily } from '../bench/catalog-ndcg.js';
import { keywordCases } from '../bench/keyword-queries.js';
import { rankTools } from '../src/catalog/index.js';

const floor = JSON.parse(readFileSync(new URL('./quality-floor.json', import.meta.url), 'utf8')) as Record<
  'sentence' | 'keyword',
  number
>;
const TOLERANCE = 0.01;
const path = evalFilePath();
const cases = loadEvalCases(path);

// The dev set lives beside the repo (AGENT_SEARCH_SHARED or ../shared); without it this fails.
describe(`ranking quality on the catalog dev set (${path})`, () => {
  it.each(['sentence', 'keyword'] as const)(
    '%s queries keep macro nDCG@10 within 0.01 of the floor',
    (variant) => {
      expect(cases, `no dev set at ${path}`).toBeDefined();
      const set = variant === 'sentence' ? (cases ?? []) : keywordCases(cases ?? []);
      const byFamily = ndcgByFamily(set, (req) => rankTools(req));
      const figures = [...byFamily].map(([f, x]) => `${f} ${x.toFixed(3)}`).join(', ');
      console.log(`catalog dev nDCG@10, ${variant} queries: ${figures} (floor ${floor[variant]})`);
      expect(byFamily.get('macro')).toBeGreaterThanOrEqual(floor[variant] - TOLERANCE);
    },
  );
});
