import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSearchRequest } from './catalog-search.arbitrary.js';
import { buildFuzzTarget, type FuzzTarget, fuzzRoute } from './fuzz-harness.js';
import { catalogInvariants } from './invariants.js';

let target: FuzzTarget;
beforeAll(async () => {
  target = await buildFuzzTarget();
});
afterAll(() => target.close());

describe('POST /catalog/search under generated requests', () => {
  it('never answers 5xx and every body matches the documented schema for its status', async () => {
    const counts = await fuzzRoute(
      target,
      { method: 'POST', path: '/catalog/search' },
      catalogSearchRequest,
      { seed: 20_260_603, numRuns: 2000, extra: catalogInvariants },
    );
    expect(counts.get(200)).toBeGreaterThan(300);
    expect(counts.get(400)).toBeGreaterThan(300);
  }, 120_000);
});
