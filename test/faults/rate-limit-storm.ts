import { ALICE_TOKEN, tinyWorkspace } from '../fixtures/tiny-workspace.js';
import { authHeaders, buildHarness, type Harness } from '../helper.js';
import { DEFAULT_RETRY_AFTER_S, FAULT_DEADLINE_MS, freshUrl } from './run-fault-case.js';

export const WAVE = 30;

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: number;
  ms: number;
}

/** `WAVE` different searches at once. */
async function wave(h: Harness): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: WAVE }, async () => {
      const started = performance.now();
      const res = await h.app.inject({ method: 'GET', url: freshUrl('search'), headers: authHeaders() });
      return {
        status: res.statusCode,
        body: res.json(),
        retryAfter: Number(res.headers['retry-after']),
        ms: performance.now() - started,
      };
    }),
  );
}

/**
 * Slack answers every search.messages call 429 (`retryAfter` seconds, or no header when null); two waves
 * of callers arrive one after the other. Returns what they got and how many calls reached Slack.
 */
export async function rateLimitStorm(retryAfter: number | null) {
  const h = await buildHarness({
    fake: { workspace: tinyWorkspace() },
    config: {
      SLACK_USER_TOKEN: ALICE_TOKEN,
      REQUEST_DEADLINE_MS: FAULT_DEADLINE_MS,
      SLACK_DEFAULT_RETRY_AFTER_S: DEFAULT_RETRY_AFTER_S,
    },
  });
  try {
    await h.app.inject({ method: 'GET', url: freshUrl('thread'), headers: authHeaders() }); // auth.test memoised
    h.slack.inject({ method: 'search.messages', kind: 'ratelimit', retryAfter, times: 10_000 });
    const first = await wave(h);
    const callsInFirst = h.slack.count('search.messages');
    const second = await wave(h);
    const callsInSecond = h.slack.count('search.messages') - callsInFirst;
    const healthz = (await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode;
    return { first, second, callsInFirst, callsInSecond, healthz };
  } finally {
    await h.close();
  }
}
