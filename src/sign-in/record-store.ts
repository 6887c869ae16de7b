import type { Clock } from '../clock.js';
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

/** The memory store is full of live records: it refuses to write rather than drop one (a 503 like an outage). */
export class RecordStoreFull extends Error {
  override readonly name = 'RecordStoreFull';
}

/**
 * Process memory, for one replica without Redis. Bounded without scanning: expiry times wait in a min-heap, so
 * each write drops what has expired in time proportional to what it drops; at `maxEntries` live records it
 * refuses new keys instead of displacing any (what anonymous requests may store is bounded well below it).
 */
export class MemoryRecordStore implements RecordStore {
  readonly #map = new Map<string, Held>();
  /** [until, key] pairs, soonest first; a pair whose key now lives longer (or is gone) is skipped when met. */
  readonly #expiries: Array<[number, string]> = [];

  constructor(
    private readonly clock: Clock = Date.now,
    private readonly maxEntries = 100_000,
  ) {}

  #live(key: string): Held | undefined {
    const held = this.#map.get(key);
    if (held && held.until <= this.clock()) {
      this.#map.delete(key);
      return undefined;
    }
    return held;
  }

  #put(key: string, value: Held['value'], ttlMs: number) {
    this.#sweep();
    if (!this.#map.has(key) && this.#map.size >= this.maxEntries)
      throw new RecordStoreFull(`the sign-in memory store holds ${this.maxEntries} live records`);
    const held = { value, until: this.clock() + ttlMs };
    this.#map.set(key, held);
    this.#schedule(key, held.until);
  }

  /** Drops the records whose time has come, soonest first, stopping at the first that has not. */
  #sweep() {
    const now = this.clock();
    const heap = this.#expiries;
    while (heap.length && (heap[0] as [number, string])[0] <= now) {
      const [until, key] = popMin(heap);
      if (this.#map.get(key)?.until === until) this.#map.delete(key);
    }
    // Pairs left behind by lengthened lives: rebuilt from the live records once they outnumber them.
    if (heap.length > 2 * this.#map.size + 1024) {
      heap.length = 0;
      for (const [key, held] of this.#map) pushPair(heap, [held.until, key]);
    }
  }

  #schedule(key: string, until: number) {
    pushPair(this.#expiries, [until, key]);
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
    if (!held) return;
    held.until = this.clock() + ttlMs;
    this.#schedule(key, held.until);
  }
  async addMember(key: string, member: string, ttlMs: number) {
    const held = this.#live(key);
    if (held && held.value instanceof Set) {
      held.value.add(member);
      held.until = this.clock() + ttlMs;
      this.#schedule(key, held.until);
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

/** A binary min-heap of [until, key] pairs, in an array. */
function pushPair(heap: Array<[number, string]>, pair: [number, string]) {
  heap.push(pair);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if ((heap[parent] as [number, string])[0] <= pair[0]) break;
    heap[i] = heap[parent] as [number, string];
    i = parent;
  }
  heap[i] = pair;
}

function popMin(heap: Array<[number, string]>): [number, string] {
  const top = heap[0] as [number, string];
  const last = heap.pop() as [number, string];
  if (heap.length === 0) return top;
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    if (left >= heap.length) break;
    const right = left + 1;
    const child =
      right < heap.length && (heap[right] as [number, string])[0] < (heap[left] as [number, string])[0]
        ? right
        : left;
    if ((heap[child] as [number, string])[0] >= last[0]) break;
    heap[i] = heap[child] as [number, string];
    i = child;
  }
  heap[i] = last;
  return top;
}
