import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import { isOutage, type RedisErrorKind, redisErrorKind } from './redis-errors.js';

export interface ErrorReportOptions {
  log: FastifyBaseLogger;
  /** Hears every counted error (the /metrics counter). */
  onError?: (kind: RedisErrorKind) => void;
  /** Added to the log line of a kind that needs a configuration change (a MOVED to one Redis). */
  hints?: Partial<Record<RedisErrorKind, string>>;
  /** @default 60000 */
  logIntervalMs?: number;
  /** How long after a refused write readiness says writes are failing. @default 30000 */
  writeFailureMs?: number;
  clock?: Clock;
}

// Commands that only read; any other command that fails counts as a failed write.
const READS = new Set(['get', 'exists', 'pttl', 'ttl', 'ping', 'info', 'keys', 'scan', 'call', 'cluster']);

/**
 * Every Redis error, counted by kind and logged at most once per kind a minute (with how many were not
 * logged since). Tracks writes refused by an answering Redis (MOVED, CROSSSLOT, OOM…): the breaker covers a
 * Redis that does not answer, this covers one that answers no.
 */
export class RedisErrorReport {
  readonly #lastLogged = new Map<RedisErrorKind, number>();
  readonly #unlogged = new Map<RedisErrorKind, number>();
  readonly #interval: number;
  readonly #clock: Clock;
  #writeRefusedAt = Number.NEGATIVE_INFINITY;
  readonly #writeFailureMs: number;

  constructor(private readonly options: ErrorReportOptions) {
    this.#interval = options.logIntervalMs ?? 60_000;
    this.#clock = options.clock ?? Date.now;
    this.#writeFailureMs = options.writeFailureMs ?? 30_000;
  }

  /** True while Redis refused a write in the last `writeFailureMs` (some keys' writes may still pass). */
  get writesFailing(): boolean {
    return this.#clock() - this.#writeRefusedAt < this.#writeFailureMs;
  }

  /** Counts and maybe logs `err`; returns its kind, or undefined when it is no Redis error. */
  readonly failed = (err: unknown, command: string): RedisErrorKind | undefined => {
    const kind = redisErrorKind(err);
    if (!kind) return undefined;
    const now = this.#clock();
    if (!READS.has(command) && !isOutage(kind)) this.#writeRefusedAt = now;
    this.options.onError?.(kind);
    const last = this.#lastLogged.get(kind);
    if (last !== undefined && now - last < this.#interval) {
      this.#unlogged.set(kind, (this.#unlogged.get(kind) ?? 0) + 1);
      return kind;
    }
    const unlogged = this.#unlogged.get(kind) ?? 0;
    this.#lastLogged.set(kind, now);
    this.#unlogged.delete(kind);
    // The message only: a reply error carries the command's arguments (keys, cached bodies) elsewhere.
    const error = String((err as Error)?.message ?? err).slice(0, 200);
    const hint = this.options.hints?.[kind];
    this.options.log.warn(
      { kind, command, error, unloggedSinceLast: unlogged },
      `Redis error (${kind})${hint ? `: ${hint}` : ''}; further ${kind} errors are counted in /metrics and logged at most once a minute`,
    );
    return kind;
  };
}
