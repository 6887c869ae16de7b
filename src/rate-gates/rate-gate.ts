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

/** Pacing presets by Slack tier; `non-marketplace` is Slack's 1/min for conversations.replies and .history. */
export function pacesFor(preset: 'none' | 'tier' | 'non-marketplace'): Record<string, Pace> {
  if (preset === 'none') return {};
  const minute = 60_000;
  const conversation = preset === 'tier' ? { limit: 50, windowMs: minute } : { limit: 1, windowMs: minute };
  return {
    'search.messages': { limit: 20, windowMs: minute },
    'conversations.list': { limit: 20, windowMs: minute },
    'users.list': { limit: 20, windowMs: minute },
    'search.files': { limit: 20, windowMs: minute },
    'files.info': { limit: 50, windowMs: minute },
    'conversations.replies': conversation,
    'conversations.history': conversation,
  };
}
