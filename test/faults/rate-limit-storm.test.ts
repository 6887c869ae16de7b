import { afterAll, describe, expect, it } from 'vitest';
import { errorBody } from '../helper.js';
import { watchProcessFaults } from '../support/process-faults.js';
import { rateLimitStorm, WAVE } from './rate-limit-storm.js';
import { DEADLINE_MARGIN_MS, DEFAULT_RETRY_AFTER_S, FAULT_DEADLINE_MS } from './run-fault-case.js';

const faults = watchProcessFaults();
afterAll(() => faults.stop());

describe.each([
  ['with Retry-After: 30', 30],
  ['without Retry-After', null],
] as const)('a 429 storm %s', (_name, retryAfter) => {
  it('answers every caller 429 within the deadline, and stops calling Slack once it knows', async () => {
    const storm = await rateLimitStorm(retryAfter);
    const seconds = retryAfter ?? DEFAULT_RETRY_AFTER_S;
    for (const r of [...storm.first, ...storm.second]) {
      expect(r.status).toBe(429);
      expect(r.body).toEqual(
        errorBody(
          429,
          'AS_ERR_SLACK_RATE_LIMITED',
          `Slack rate limit for search.messages: retry after ${r.retryAfter} s`,
        ),
      );
      expect(r.retryAfter).toBeGreaterThanOrEqual(seconds - 1);
      expect(r.retryAfter).toBeLessThanOrEqual(seconds);
      expect(r.ms).toBeLessThanOrEqual(FAULT_DEADLINE_MS + DEADLINE_MARGIN_MS);
    }
    // Callers already on their way when the first 429 landed called once each; nobody retried.
    expect(storm.callsInFirst).toBeLessThanOrEqual(WAVE);
    expect(storm.callsInSecond).toBe(0);
    expect(storm.healthz).toBe(200);
    expect(faults.seen).toEqual([]);
  });
});
