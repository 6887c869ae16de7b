import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock.js';
import { luaScript } from '../redis/lua-script.js';
import type { RedisClient } from '../redis/redis-client.js';
import { MemoryRateGate } from './memory-rate-gate.js';
import { type Pace, type RateGate, rateLimitedUntil } from './rate-gate.js';

// One hash per (app, workspace, method): `blocked` = no call before this epoch ms (a 429's Retry-After),
// `tat` = GCRA theoretical arrival time. Returns {granted, wait ms}; a grant books the slot atomically.
const acquireScript = luaScript(`
local now, maxWait, interval, tau = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local blocked = tonumber(redis.call('HGET', KEYS[1], 'blocked') or 0)
local at = math.max(now, blocked)
local tat = math.max(tonumber(redis.call('HGET', KEYS[1], 'tat') or 0), at)
if interval > 0 then at = math.max(at, tat - tau) end
if at > now and at - now > maxWait then return {0, at - now} end
if interval > 0 then
  redis.call('HSET', KEYS[1], 'tat', tat + interval)
  redis.call('PEXPIRE', KEYS[1], math.max(tat + interval, blocked) - now + 1000)
end
return {1, at - now}
`);

const blockScript = luaScript(`
local untilMs, now = tonumber(ARGV[1]), tonumber(ARGV[2])
local blocked = math.max(tonumber(redis.call('HGET', KEYS[1], 'blocked') or 0), untilMs)
local tat = tonumber(redis.call('HGET', KEYS[1], 'tat') or 0)
redis.call('HSET', KEYS[1], 'blocked', blocked)
redis.call('PEXPIRE', KEYS[1], math.max(blocked, tat) - now + 1000)
return blocked
`);

export interface RedisRateGateOptions {
  paces?: Record<string, Pace>;
  /**
   * Slack applies limits per app, per workspace, per method; deployments of different Slack apps that
   * share one Redis need different ids. @default 'default'
   */
  appId?: string;
  clock?: Clock;
}

/**
 * The rate gate shared by every replica: blocked-until markers and GCRA pacing live in one Redis hash per
 * (app, workspace, method), updated by Lua so concurrent replicas book distinct slots. Times are the
 * replicas' own clocks (NTP keeps them within milliseconds; Slack's Retry-After is in seconds).
 * While Redis is unreachable the process falls back to its own in-memory gate.
 */
export class RedisRateGate implements RateGate {
  readonly #memory: MemoryRateGate;
  readonly #paces: Record<string, Pace>;
  readonly #appId: string;
  readonly #clock: Clock;

  constructor(
    private readonly redis: RedisClient,
    options: RedisRateGateOptions = {},
  ) {
    this.#paces = options.paces ?? {};
    this.#appId = options.appId ?? 'default';
    this.#clock = options.clock ?? Date.now;
    this.#memory = new MemoryRateGate(this.#paces, this.#clock);
  }

  key(scope: string, method: string): string {
    return `as:v1:rate:${this.#appId}:${scope}:${method}`;
  }

  async acquire(
    scope: string,
    method: string,
    deadline: number,
    onWait?: (waitMs: number) => void,
  ): Promise<void> {
    // Whole milliseconds: PEXPIRE in the scripts rejects fractions.
    const now = Math.floor(this.#clock());
    const pace = this.#paces[method];
    const interval = pace ? Math.ceil(pace.windowMs / pace.limit) : 0;
    const tau = pace ? pace.windowMs - interval : 0;
    let reply: [number, number];
    try {
      reply = (await acquireScript(
        this.redis,
        [this.key(scope, method)],
        [now, Math.floor(deadline) - now, interval, tau],
      )) as [number, number];
    } catch {
      return this.#memory.acquire(scope, method, deadline, onWait);
    }
    const [granted, waitMs] = reply;
    if (!granted) throw rateLimitedUntil(method, now + waitMs, now);
    if (waitMs > 0) {
      onWait?.(waitMs);
      await sleep(waitMs);
    }
  }

  async block(scope: string, method: string, until: number): Promise<void> {
    await this.#memory.block(scope, method, until);
    try {
      await blockScript(this.redis, [this.key(scope, method)], [Math.ceil(until), Math.floor(this.#clock())]);
    } catch {
      // Redis is down: the in-memory marker above holds this replica back until it is back.
    }
  }
}
