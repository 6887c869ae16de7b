import type { Clock } from '../clock.js';
import { Errors, withRetryAfter } from '../errors.js';
import { deleteIfEquals, luaScript } from '../redis/lua-script.js';
import type { RedisClient } from '../redis/redis-client.js';

/**
 * Where sign-in keeps its records (clients, pending authorizations, codes, grants, people's sealed Slack
 * tokens): the shared Redis when there is one, so any replica serves any step, else process memory. Unlike
 * the answer cache it never degrades to memory: a record one replica cannot see would fork the state (a
 * single-use Slack refresh token used twice), so a failing Redis is an error the routes answer with 503.
 */
export interface RecordStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Writes only when the key is absent (a lock, a single-use marker); true when this call wrote it. */
  claim(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Reads and deletes in one step: of two concurrent takers, one gets the value. */
  take(key: string): Promise<string | undefined>;
  delete(key: string): Promise<void>;
  /** Deletes the key only while it still holds `value` (a lock's owner releasing it). */
  release(key: string, value: string): Promise<void>;
  /** Adds one and returns the count; the first increment starts the key's lifetime. */
  increment(key: string, ttlMs: number): Promise<number>;
  expire(key: string, ttlMs: number): Promise<void>;
  addMember(key: string, member: string, ttlMs: number): Promise<void>;
  members(key: string): Promise<string[]>;
  removeMember(key: string, member: string): Promise<void>;
}

const countUp = luaScript(
  "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n",
);

export class RedisRecordStore implements RecordStore {
  constructor(private readonly redis: RedisClient) {}

  async get(key: string) {
    return (await this.redis.get(key)) ?? undefined;
  }
  async set(key: string, value: string, ttlMs: number) {
    await this.redis.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }
  async claim(key: string, value: string, ttlMs: number) {
    return (await this.redis.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK';
  }
  async take(key: string) {
    return (await this.redis.getdel(key)) ?? undefined;
  }
  async delete(key: string) {
    await this.redis.del(key);
  }
  async release(key: string, value: string) {
    await deleteIfEquals(this.redis, [key], [value]);
  }
  async increment(key: string, ttlMs: number) {
    return Number(await countUp(this.redis, [key], [Math.max(1, Math.ceil(ttlMs))]));
  }
  async expire(key: string, ttlMs: number) {
    await this.redis.pexpire(key, Math.max(1, Math.ceil(ttlMs)));
  }
  async addMember(key: string, member: string, ttlMs: number) {
    await this.redis.sadd(key, member);
    await this.expire(key, ttlMs);
  }
  async members(key: string) {
    return this.redis.smembers(key);
  }
  async removeMember(key: string, member: string) {
    await this.redis.srem(key, member);
  }
}

interface Held {
  value: string | Set<string>;
  until: number;
}

/** Records looked at per write while the memory store is full: the expired go, the live wait at the back. */
const SWEEP_PER_WRITE = 32;

/**
 * Process memory, for one replica without Redis. Bounded without evicting anything live: at `maxEntries` a
 * write first drops the expired records among the oldest few written (a fixed amount of work, never a scan
 * of the whole store), and if none has expired it is refused (503) rather than displacing a person's
 * record. Anonymous requests cannot get it there: what they may store is bounded far below (AnonymousQuota).
 */
export class MemoryRecordStore implements RecordStore {
  readonly #map = new Map<string, Held>();

  constructor(
    private readonly clock: Clock = Date.now,
    private readonly maxEntries = 100_000,
  ) {}

  /** Records held, the expired not yet dropped included. */
  get size(): number {
    return this.#map.size;
  }

  #live(key: string): Held | undefined {
    const held = this.#map.get(key);
    if (held && held.until <= this.clock()) {
      this.#map.delete(key);
      return undefined;
    }
    return held;
  }

  #put(key: string, value: Held['value'], ttlMs: number) {
    const replaced = this.#map.delete(key);
    if (!replaced && this.#map.size >= this.maxEntries) this.#sweep();
    if (!replaced && this.#map.size >= this.maxEntries)
      throw withRetryAfter(new Errors.SignInStoreFull(this.maxEntries), 60);
    this.#map.set(key, { value, until: this.clock() + ttlMs });
  }

  #sweep() {
    const now = this.clock();
    for (let i = 0; i < SWEEP_PER_WRITE; i++) {
      const oldest = this.#map.entries().next().value;
      if (!oldest) return;
      const [key, held] = oldest;
      this.#map.delete(key);
      if (held.until > now) this.#map.set(key, held);
    }
  }

  async get(key: string) {
    const value = this.#live(key)?.value;
    return typeof value === 'string' ? value : undefined;
  }
  async set(key: string, value: string, ttlMs: number) {
    this.#put(key, value, ttlMs);
  }
  async claim(key: string, value: string, ttlMs: number) {
    if (this.#live(key)) return false;
    this.#put(key, value, ttlMs);
    return true;
  }
  async take(key: string) {
    const value = await this.get(key);
    this.#map.delete(key);
    return value;
  }
  async delete(key: string) {
    this.#map.delete(key);
  }
  async release(key: string, value: string) {
    if (this.#live(key)?.value === value) this.#map.delete(key);
  }
  async increment(key: string, ttlMs: number) {
    const held = this.#live(key);
    const count = held ? Number(held.value) + 1 : 1;
    if (held) held.value = String(count);
    else this.#put(key, '1', ttlMs);
    return count;
  }
  async expire(key: string, ttlMs: number) {
    const held = this.#live(key);
    if (held) held.until = this.clock() + ttlMs;
  }
  async addMember(key: string, member: string, ttlMs: number) {
    const held = this.#live(key);
    if (held && held.value instanceof Set) {
      held.value.add(member);
      held.until = this.clock() + ttlMs;
    } else this.#put(key, new Set([member]), ttlMs);
  }
  async members(key: string) {
    const value = this.#live(key)?.value;
    return value instanceof Set ? [...value] : [];
  }
  async removeMember(key: string, member: string) {
    const value = this.#live(key)?.value;
    if (value instanceof Set) value.delete(member);
  }
}
