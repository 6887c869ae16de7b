import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFuzzTarget, type FuzzTarget, fuzzRoute } from './fuzz-harness.js';
import { slackInvariants } from './invariants.js';
import { searchMessagesRequest } from './search-messages.arbitrary.js';

let target: FuzzTarget;
beforeAll(async () => {
  target = await buildFuzzTarget();
});
afterAll(() => target.close());

describe('GET /search/messages under generated requests', () => {
  it('never answers 5xx and every body matches the documented schema for its status', async () => {
    const counts = await fuzzRoute(
      target,
      { method: 'GET', path: '/search/messages' },
      searchMessagesRequest,
      { seed: 20_260_601, numRuns: 2000, extra: slackInvariants },
    );
    // The generator must reach the handler, not only the validator.
    expect(counts.get(200)).toBeGreaterThan(400);
    expect(counts.get(400)).toBeGreaterThan(200);
  }, 120_000);
});
