import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock.js';
import { type Pace, type RateGate, rateLimitedUntil } from './rate-gate.js';

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
