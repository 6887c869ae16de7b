import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFuzzTarget, type FuzzTarget, fuzzRoute } from './fuzz-harness.js';
import { slackInvariants } from './invariants.js';
import { threadsRequest } from './threads.arbitrary.js';

let target: FuzzTarget;
beforeAll(async () => {
  target = await buildFuzzTarget();
});
afterAll(() => target.close());

describe('GET /threads/{channel}/{ts} under generated requests', () => {
  it('never answers 5xx and every body matches the documented schema for its status', async () => {
    const counts = await fuzzRoute(
      target,
      { method: 'GET', path: '/threads/{channel}/{ts}' },
      threadsRequest,
      { seed: 20_260_602, numRuns: 2000, extra: slackInvariants },
    );
    expect(counts.get(200)).toBeGreaterThan(150);
    expect(counts.get(404)).toBeGreaterThan(100);
    expect(counts.get(400)).toBeGreaterThan(200);
  }, 120_000);
});
