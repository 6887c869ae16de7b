import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from './types.js';

/**
 * Watches a Redis connection and logs each outage once: one warning when it becomes unreachable and
 * one info line when it is back, however many requests and reconnect attempts happen in between.
 */
export class RedisHealth {
  #down = false;
  #downSince = 0;
  #everReady = false;
  #stopped = false;

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock = Date.now,
  ) {
    // The listeners stay for the client's life: without an 'error' listener ioredis prints every failed
    // reconnect attempt to stderr.
    redis.on('ready', () => this.#up());
    redis.on('error', (err: Error) => this.#lost(err));
    redis.on('close', () => this.#lost());
  }

  /** True while commands can be sent. */
  get reachable(): boolean {
    return this.redis.status === 'ready';
  }

  /** Silences the monitor before the app closes the client on purpose. */
  stop(): void {
    this.#stopped = true;
  }

  #up(): void {
    if (this.#stopped) return;
    if (this.#down) {
      const seconds = Math.round((this.clock() - this.#downSince) / 1000);
      this.log.info({ outageSeconds: seconds }, `Redis is reachable again after ${seconds} s`);
    } else if (!this.#everReady) {
      this.log.debug('connected to Redis');
    }
    this.#down = false;
    this.#everReady = true;
  }

  #lost(err?: Error): void {
    if (this.#stopped || this.#down) return;
    this.#down = true;
    this.#downSince = this.clock();
    this.log.warn(
      { reason: err?.message },
      'Redis is unreachable: calling Slack directly with in-process coalescing until it is back',
    );
  }
}
