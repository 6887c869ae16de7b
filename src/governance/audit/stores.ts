import type { RedisClient } from '../../redis/redis-client.js';
import type { AuditRecord } from './record.js';

/** A record ready to keep: its start time (epoch ms, the order) and its JSON line. */
export interface KeptRecord {
  at: number;
  json: string;
  record: AuditRecord;
}

/**
 * Where a scan resumes: records up to `at` (newest first), past the first `skip` of those at exactly `at`
 * (records of one millisecond keep one order in a store, so a position is stable while records are added).
 */
export interface ScanPosition {
  at: number;
  skip: number;
}

/** The kept window of records, newest first; bounded in number and age. */
export interface AuditStore {
  append(records: readonly KeptRecord[]): Promise<void>;
  /** Up to `count` records from `from` (the newest when undefined), newest first, with their times. */
  scan(from: ScanPosition | undefined, count: number): Promise<Array<{ at: number; record: AuditRecord }>>;
}

export interface WindowBounds {
  maxRecords: number;
  retentionMs: number;
  clock: () => number;
}

/**
 * One process's window: an array in time order (a late finisher is put in its place), oldest first out.
 * It holds each record as its JSON line only: one string per record is nothing for the garbage collector to
 * trace, where 10,000 records' objects (20 message refs each) made every major collection slower.
 */
export class MemoryAuditStore implements AuditStore {
  readonly #kept: Array<{ at: number; json: string }> = [];

  constructor(private readonly bounds: WindowBounds) {}

  async append(records: readonly KeptRecord[]): Promise<void> {
    const kept = this.#kept;
    for (const { at, json } of records) {
      let i = kept.length;
      while (i > 0 && (kept[i - 1] as { at: number }).at > at) i--;
      if (i === kept.length) kept.push({ at, json });
      else kept.splice(i, 0, { at, json });
    }
    // Trimmed in bulk, an eighth of the window at a time: cutting the oldest off a full window on every
    // append moved the whole array each time. What is past the bounds meanwhile is never scanned.
    const { maxRecords } = this.bounds;
    if (kept.length <= maxRecords + Math.max(64, maxRecords >> 3)) return;
    const oldest = this.#oldest();
    let drop = kept.length - maxRecords;
    while (drop < kept.length && (kept[drop] as { at: number }).at < oldest) drop++;
    kept.splice(0, drop);
  }

  #oldest(): number {
    return this.bounds.clock() - this.bounds.retentionMs;
  }

  async scan(from: ScanPosition | undefined, count: number) {
    const out: Array<{ at: number; record: AuditRecord }> = [];
    let skip = from?.skip ?? 0;
    const first = Math.max(0, this.#kept.length - this.bounds.maxRecords);
    const oldest = this.#oldest();
    for (let i = this.#kept.length - 1; i >= first && out.length < count; i--) {
      const { at, json } = this.#kept[i] as { at: number; json: string };
      if (at < oldest) break;
      if (from && at > from.at) continue;
      if (from && at === from.at && skip > 0) {
        skip--;
        continue;
      }
      out.push({ at, record: JSON.parse(json) as AuditRecord });
    }
    return out;
  }
}

/** The key of the shared window: one key, so one slot of a Redis Cluster; it holds no query or token. */
export const AUDIT_KEY = 'as:v1:audit';

/**
 * The window every replica shares: a sorted set scored by start time, whose members are the JSON lines.
 * Each append trims it by age and number in the same round trip.
 */
export class RedisAuditStore implements AuditStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly bounds: WindowBounds,
  ) {}

  async append(records: readonly KeptRecord[]): Promise<void> {
    const members = records.flatMap(({ at, json }) => [at, json]);
    // Three commands sent at once (ioredis pipelines them on the one connection), not a MULTI: the guarded
    // client refuses each command while Redis is away, and a refused MULTI would leave a promise unheard.
    await Promise.all([
      this.redis.zadd(AUDIT_KEY, ...members),
      this.redis.zremrangebyscore(AUDIT_KEY, '-inf', `(${this.bounds.clock() - this.bounds.retentionMs}`),
      this.redis.zremrangebyrank(AUDIT_KEY, 0, -(this.bounds.maxRecords + 1)),
    ]);
  }

  async scan(from: ScanPosition | undefined, count: number) {
    const flat = await this.redis.zrevrangebyscore(
      AUDIT_KEY,
      from ? from.at : '+inf',
      '-inf',
      'WITHSCORES',
      'LIMIT',
      from?.skip ?? 0,
      count,
    );
    const out: Array<{ at: number; record: AuditRecord }> = [];
    for (let i = 0; i + 1 < flat.length; i += 2)
      out.push({ at: Number(flat[i + 1]), record: JSON.parse(flat[i] as string) as AuditRecord });
    return out;
  }
}

const STORES = {
  memory: (bounds: WindowBounds) => new MemoryAuditStore(bounds),
  redis: (bounds: WindowBounds, redis?: RedisClient) => {
    if (!redis) throw new Error('the redis audit store needs a Redis client');
    return new RedisAuditStore(redis, bounds);
  },
} satisfies Record<string, (bounds: WindowBounds, redis?: RedisClient) => AuditStore>;

export type AuditStoreKind = keyof typeof STORES;

/** The window of one kind; a new backend is a class and an entry above. */
export const createAuditStore = (kind: AuditStoreKind, bounds: WindowBounds, redis?: RedisClient) =>
  STORES[kind](bounds, redis);
