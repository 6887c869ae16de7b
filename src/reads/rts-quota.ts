import { Errors, withRetryAfter } from '../errors.js';
import { createUserQuota } from '../rate-gates/user-quota.js';
import { RTS_SEARCH } from '../slack-client/rts.js';
import { defineService } from './services.js';

/** Slack's Real-time Search limit: calls a minute per user, cursor pages included. */
export const RTS_USER_QUOTA = { limit: 10, windowMs: 60_000 };

/** Each Slack user's Real-time Search calls a minute, shared by every read that makes one (and by replicas, over Redis). */
export const rtsQuota = defineService({
  name: 'rts-quota',
  slack: { 'assistant.search.context': 'unpaced', 'assistant.search.info': 'unpaced' },
  create: ({ config, clock, redis }) =>
    createUserQuota({ quota: RTS_USER_QUOTA, appId: config.SLACK_APP_ID, clock, redis }),
});

/** The per-user quota is spent: no RTS call before `retryAfterS`. */
export class RtsQuotaSpent extends Error {
  readonly code = 'AS_ERR_SLACK_RATE_LIMITED';
  constructor(readonly retryAfterS: number) {
    super(`Slack allows ${RTS_USER_QUOTA.limit} real-time searches a minute per user`);
  }
}

export const rtsQuotaError = (spent: RtsQuotaSpent) =>
  withRetryAfter(
    new Errors.SlackRateLimited(
      `${RTS_SEARCH} (${RTS_USER_QUOTA.limit} a minute per user)`,
      spent.retryAfterS,
    ),
    spent.retryAfterS,
  );
