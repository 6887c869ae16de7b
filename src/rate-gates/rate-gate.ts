import { Errors, type RetryableError, withRetryAfter } from '../errors.js';

/** A pace for one Slack method: at most `limit` calls per `windowMs`, bursts allowed up to `limit`. */
export interface Pace {
  limit: number;
  windowMs: number;
}

/** Shared discipline for calling Slack, keyed by workspace (`scope`) and method. */
export interface RateGate {
  /**
   * Waits for the method's turn; rejects with a 429 error when a wait is needed and would pass `deadline`.
   * `onWait` hears how long the caller is about to wait, when it has to wait at all (for metrics).
   */
  acquire(scope: string, method: string, deadline: number, onWait?: (waitMs: number) => void): Promise<void>;
  /** Records a 429: nobody calls this method in this scope before `until`. */
  block(scope: string, method: string, until: number): Promise<void>;
}

export function rateLimitedUntil(method: string, until: number, now: number): RetryableError {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return withRetryAfter(new Errors.SlackRateLimited(method, seconds), seconds);
}

/**
 * How the rate gate paces one Slack method: Slack's tier (`tier2`: 20 calls a minute; `tier3`: 50),
 * `conversation` for conversations.history and .replies (Tier 3, and 1 a minute for non-Marketplace
 * commercial apps), or `unpaced` (held otherwise: auth.test, users.info and conversations.info are memoised,
 * Real-time Search keeps to its per-user quota).
 */
export type SlackPace = 'tier2' | 'tier3' | 'conversation' | 'unpaced';

/** The Slack methods something calls, each with its pace. */
export type SlackMethods = Readonly<Record<string, SlackPace>>;

const MINUTE = 60_000;
const TIER_2: Pace = { limit: 20, windowMs: MINUTE };
const TIER_3: Pace = { limit: 50, windowMs: MINUTE };
const NON_MARKETPLACE_CONVERSATION: Pace = { limit: 1, windowMs: MINUTE };

/**
 * The gate's paces for the declared methods under SLACK_RATE_PRESET: `tier` keeps to Slack's tiers,
 * `non-marketplace` also to its 1 a minute for conversations.history and .replies, `none` paces nothing.
 */
export function pacesFor(
  preset: 'none' | 'tier' | 'non-marketplace',
  methods: SlackMethods,
): Record<string, Pace> {
  if (preset === 'none') return {};
  const pace: Record<SlackPace, Pace | undefined> = {
    tier2: TIER_2,
    tier3: TIER_3,
    conversation: preset === 'tier' ? TIER_3 : NON_MARKETPLACE_CONVERSATION,
    unpaced: undefined,
  };
  const paces: Record<string, Pace> = {};
  for (const [method, kind] of Object.entries(methods)) {
    const found = pace[kind];
    if (found) paces[method] = found;
  }
  return paces;
}
