import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALICE_TOKEN, tinyWorkspace } from '../fixtures/tiny-workspace.js';
import { buildHarness, type Harness } from '../helper.js';
import { watchProcessFaults } from '../support/process-faults.js';
import {
  DEADLINE_MARGIN_MS,
  DEFAULT_RETRY_AFTER_S,
  FAULT_DEADLINE_MS,
  type Route,
  runFaultCase,
} from './run-fault-case.js';
import { expectedBody, faultCases } from './slack-fault-cases.js';

const config = {
  SLACK_USER_TOKEN: ALICE_TOKEN,
  REQUEST_DEADLINE_MS: FAULT_DEADLINE_MS,
  SLACK_DEFAULT_RETRY_AFTER_S: DEFAULT_RETRY_AFTER_S,
};

const faults = watchProcessFaults();
let h: Harness;
beforeAll(async () => {
  h = await buildHarness({ fake: { workspace: tinyWorkspace() }, config });
});
afterEach(() => h.slack.reset());
afterAll(async () => {
  await h.close();
  faults.stop();
});

describe.each(['search', 'thread'] as Route[])('%s route under Slack faults', (route) => {
  it.each(faultCases(route).map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    // A rate limit blocks the method for the whole app, so those cases get an app of their own.
    const isolated = c.expected.status === 429;
    const target = isolated ? await buildHarness({ slack: h.slack, config }) : h;
    try {
      const outcome = await runFaultCase(target, route, c);
      expect(outcome.status).toBe(c.expected.status);
      if (c.expected.status !== 200) expect(outcome.body).toEqual(expectedBody(c.expected));
      expect(outcome.retryAfter).toBe(c.expected.retryAfter);
      expect(outcome.elapsedMs).toBeLessThanOrEqual(FAULT_DEADLINE_MS + DEADLINE_MARGIN_MS);
      const health = await target.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(faults.seen).toEqual([]);
    } finally {
      if (isolated) await target.close();
    }
  });
});
