import { Errors, type RetryableError, withRetryAfter } from '../errors.js';
import type { Clock } from './types.js';

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

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * In-process gate: a "blocked until" marker per (scope, method) plus optional GCRA pacing
 * (the theoretical-arrival-time form of a token bucket, which also maps onto one Redis key).
 */
export class MemoryRateGate implements RateGate {
  readonly #blockedUntil = new Map<string, number>();
  readonly #tat = new Map<string, number>();

  constructor(
    private readonly paces: Record<string, Pace> = {},
    private readonly clock: Clock = Date.now,
  ) {}

  async acquire(
    scope: string,
    method: string,
    deadline: number,
    onWait?: (waitMs: number) => void,
  ): Promise<void> {
    const key = `${scope}:${method}`;
    const now = this.clock();
    let at = Math.max(now, this.#blockedUntil.get(key) ?? 0);
    const pace = this.paces[method];
    const interval = pace ? pace.windowMs / pace.limit : 0;
    const tat = Math.max(this.#tat.get(key) ?? now, at);
    if (pace) at = Math.max(at, tat - (pace.windowMs - interval));
    if (at > now && at > deadline) throw rateLimitedUntil(method, at, now);
    // Only a granted call books its slot.
    if (pace) this.#tat.set(key, tat + interval);
    if (at > now) {
      onWait?.(at - now);
      await sleep(at - now);
    }
  }

  async block(scope: string, method: string, until: number): Promise<void> {
    const key = `${scope}:${method}`;
    this.#blockedUntil.set(key, Math.max(until, this.#blockedUntil.get(key) ?? 0));
  }
}

/** Pacing presets by Slack tier; `non-marketplace` is Slack's 1/min for conversations.replies. */
export function pacesFor(preset: 'none' | 'tier' | 'non-marketplace'): Record<string, Pace> {
  if (preset === 'none') return {};
  const minute = 60_000;
  return {
    'search.messages': { limit: 20, windowMs: minute },
    'conversations.replies':
      preset === 'tier' ? { limit: 50, windowMs: minute } : { limit: 1, windowMs: minute },
  };
}
