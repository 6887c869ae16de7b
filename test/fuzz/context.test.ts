import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextRequest } from './context.arbitrary.js';
import { buildFuzzTarget, type FuzzTarget, fuzzRoute } from './fuzz-harness.js';
import { slackInvariants } from './invariants.js';

let target: FuzzTarget;
beforeAll(async () => {
  target = await buildFuzzTarget();
});
afterAll(() => target.close());

describe('GET /messages/context under generated requests', () => {
  it('never answers 5xx and every body matches the documented schema for its status', async () => {
    const counts = await fuzzRoute(target, { method: 'GET', path: '/messages/context' }, contextRequest, {
      seed: 20_261_125,
      numRuns: 1000,
      extra: slackInvariants,
    });
    expect(counts.get(200)).toBeGreaterThan(25);
    expect(counts.get(404)).toBeGreaterThan(10);
    expect(counts.get(400)).toBeGreaterThan(200);
  }, 120_000);
});
