import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { deleteIfEquals, luaScript } from '../redis/lua-script.js';
import type { RedisClient } from '../redis/redis-client.js';
import { LocalCoalescer } from './local-coalescer.js';
import type { Coalescer } from './types.js';

// Compare-and-extend (and compare-and-delete to release): only the lock's owner may renew or release it.
const renew = luaScript(
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0",
);

/**
 * The lock beside its value: `{key}:lock` hashes to the value's own cluster slot (a hash tag is the part in
 * braces), so both live on one node and any script may touch the pair; values still spread over the nodes
 * one by one, not per identity or workspace.
 */
export const lockKeyOf = (key: string) => (key.includes('{') ? `${key}:lock` : `{${key}}:lock`);

export interface RedisCoalescerOptions {
  /**
   * Lock lifetime. The holder renews it every third of this while its load runs, so it only bounds how
   * long a holder that died keeps the others waiting.
   * @default 3000
   */
  lockTtlMs?: number;
  /** Longest pause between two looks for the holder's result (pauses start at 5 ms and double). @default 100 */
  maxPollMs?: number;
}

/**
 * Coalesces identical loads across every process sharing Redis. In-process followers share the leader's
 * promise first, so a burst in one process makes one lock attempt; the process holding `SET NX PX` lock
 * loads, the others poll `readFresh` until the value is stored or the lock is gone (then try to take it).
 * With Redis unreachable it falls back to in-process coalescing alone.
 */
export class RedisCoalescer implements Coalescer {
  readonly #local = new LocalCoalescer();
  readonly #lockTtlMs: number;
  readonly #maxPollMs: number;

  constructor(
    private readonly redis: RedisClient,
    options: RedisCoalescerOptions = {},
  ) {
    this.#lockTtlMs = options.lockTtlMs ?? 3000;
    this.#maxPollMs = options.maxPollMs ?? 100;
  }

  run<T>(key: string, load: () => Promise<T>, readFresh: () => Promise<T | undefined>): Promise<T> {
    return this.#local.run(key, () => this.#shared(key, load, readFresh));
  }

  async #shared<T>(key: string, load: () => Promise<T>, readFresh: () => Promise<T | undefined>): Promise<T> {
    const lockKey = lockKeyOf(key);
    const owner = randomUUID();
    for (;;) {
      let acquired: boolean;
      try {
        acquired = (await this.redis.set(lockKey, owner, 'PX', this.#lockTtlMs, 'NX')) === 'OK';
      } catch {
        return load();
      }
      if (acquired) return this.#hold(lockKey, owner, load, readFresh);
      const value = await this.#awaitHolder(lockKey, readFresh);
      if (value !== undefined) return value;
    }
  }

  async #hold<T>(
    lockKey: string,
    owner: string,
    load: () => Promise<T>,
    readFresh: () => Promise<T | undefined>,
  ): Promise<T> {
    const renewal = setInterval(
      () => renew(this.redis, [lockKey], [owner, this.#lockTtlMs]).catch(() => {}),
      Math.max(1, Math.floor(this.#lockTtlMs / 3)),
    );
    renewal.unref();
    try {
      // The previous holder may have stored the value between our cache read and our lock.
      const fresh = await readFresh();
      if (fresh !== undefined) return fresh;
      return await load();
    } finally {
      clearInterval(renewal);
      await deleteIfEquals(this.redis, [lockKey], [owner]).catch(() => {});
    }
  }

  /** The holder's value, or undefined once the lock is gone without one (failed, died, or Redis is down). */
  async #awaitHolder<T>(lockKey: string, readFresh: () => Promise<T | undefined>): Promise<T | undefined> {
    for (let pause = 5; ; pause = Math.min(pause * 2, this.#maxPollMs)) {
      await sleep(pause);
      const value = await readFresh();
      if (value !== undefined) return value;
      try {
        if ((await this.redis.exists(lockKey)) === 0) return undefined;
      } catch {
        return undefined;
      }
    }
  }
}
