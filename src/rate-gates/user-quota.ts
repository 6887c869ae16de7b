import type { Clock } from '../clock.js';
import { luaScript } from '../redis/lua-script.js';
import type { RedisClient } from '../redis/redis-client.js';

/** At most `limit` calls in any `windowMs` (a sliding window, not a burst plus a pace). */
export interface Quota {
  limit: number;
  windowMs: number;
}

/**
 * Per-user call quotas (Slack's 10 Real-time Search calls a minute per user): `take` books one call and
 * says 0, or books nothing and says how many ms until one is free. Never waits.
 */
export interface UserQuota {
  take(key: string): Promise<number>;
}

class MemoryUserQuota implements UserQuota {
  readonly #calls = new Map<string, number[]>();

  constructor(
    private readonly quota: Quota,
    private readonly clock: Clock,
  ) {}

  async take(key: string): Promise<number> {
    const now = this.clock();
    const recent = (this.#calls.get(key) ?? []).filter((at) => at > now - this.quota.windowMs);
    if (recent.length >= this.quota.limit) {
      this.#calls.set(key, recent);
      return Math.max(1, recent[0] + this.quota.windowMs - now);
    }
    recent.push(now);
    this.#calls.set(key, recent);
    if (this.#calls.size > 10_000) this.#calls.delete(this.#calls.keys().next().value as string);
    return 0;
  }
}

// A sorted set of call times per key: drop those out of the window, then book one if there is room.
const takeScript = luaScript(`
local now, window, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = tonumber(redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2])
  return math.max(1, oldest + window - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return 0
`);

/** Shared by every replica through Redis; this process's own count while Redis is unreachable. */
class RedisUserQuota implements UserQuota {
  readonly #memory: MemoryUserQuota;
  #seq = 0;

  constructor(
    private readonly redis: RedisClient,
    private readonly quota: Quota,
    private readonly prefix: string,
    private readonly clock: Clock,
  ) {
    this.#memory = new MemoryUserQuota(quota, clock);
  }

  async take(key: string): Promise<number> {
    const now = Math.floor(this.clock());
    const member = `${now}:${process.pid}:${++this.#seq}:${Math.random().toString(36).slice(2, 8)}`;
    try {
      const wait = await takeScript(
        this.redis,
        [`${this.prefix}:${key}`],
        [now, this.quota.windowMs, this.quota.limit, member],
      );
      return Number(wait);
    } catch {
      return this.#memory.take(key);
    }
  }
}

export interface UserQuotaDeps {
  quota: Quota;
  /** Names the Slack app in the keys, like the rate gate's (SLACK_APP_ID). */
  appId: string;
  clock: Clock;
  redis?: RedisClient;
}

export function createUserQuota({ quota, appId, clock, redis }: UserQuotaDeps): UserQuota {
  return redis
    ? new RedisUserQuota(redis, quota, `as:v1:quota:${appId}`, clock)
    : new MemoryUserQuota(quota, clock);
}
