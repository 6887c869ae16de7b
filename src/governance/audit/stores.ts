import type { RedisClient } from '../../redis/redis-client.js';
import type { AuditRecord } from './record.js';

/**
 * The records of one write as one text: their JSON lines joined, each ending with `\n` (what the JSON-lines
 * sink writes), with each record's start time (epoch ms, the order) and where its line ends. A window keeps
 * slices of the text, so a busy replica's records are a few large strings to the garbage collector, not many
 * small objects each.
 */
export interface KeptBatch {
  text: string;
  at: readonly number[];
  /** The index just past each record's line (its `\n` is there). */
  end: readonly number[];
}

/** The JSON line of the batch's `i`th record (a slice of its text, not a copy). */
const lineOf = (batch: KeptBatch, i: number) =>
  batch.text.slice(i === 0 ? 0 : (batch.end[i - 1] as number) + 1, batch.end[i]);

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
  append(batch: KeptBatch): Promise<void>;
  /** Up to `count` records from `from` (the newest when undefined), newest first, with their times. */
  scan(from: ScanPosition | undefined, count: number): Promise<Array<{ at: number; record: AuditRecord }>>;
}

export interface WindowBounds {
  maxRecords: number;
  retentionMs: number;
  clock: () => number;
}

/**
 * One process's window: start times and JSON lines in time order (a late finisher is put in its place),
 * oldest first out. A line is a slice of its batch's text (KeptBatch) and the times are plain numbers: the
 * garbage collector sees one small object per record, where a record's own string of many parts made the
 * window most of the audit's cost.
 */
export class MemoryAuditStore implements AuditStore {
  readonly #at: number[] = [];
  readonly #json: string[] = [];

  constructor(private readonly bounds: WindowBounds) {}

  async append(batch: KeptBatch): Promise<void> {
    const at = this.#at;
    const json = this.#json;
    for (let r = 0; r < batch.at.length; r++) {
      const time = batch.at[r] as number;
      const line = lineOf(batch, r);
      let i = at.length;
      while (i > 0 && (at[i - 1] as number) > time) i--;
      if (i === at.length) {
        at.push(time);
        json.push(line);
      } else {
        at.splice(i, 0, time);
        json.splice(i, 0, line);
      }
    }
    // Trimmed in bulk, an eighth of the window at a time: cutting the oldest off a full window on every
    // append moved the whole array each time. What is past the bounds meanwhile is never scanned.
    const { maxRecords } = this.bounds;
    if (at.length <= maxRecords + Math.max(64, maxRecords >> 3)) return;
    const oldest = this.#oldest();
    let drop = at.length - maxRecords;
    while (drop < at.length && (at[drop] as number) < oldest) drop++;
    at.splice(0, drop);
    json.splice(0, drop);
  }

  #oldest(): number {
    return this.bounds.clock() - this.bounds.retentionMs;
  }

  async scan(from: ScanPosition | undefined, count: number) {
    const out: Array<{ at: number; record: AuditRecord }> = [];
    let skip = from?.skip ?? 0;
    const first = Math.max(0, this.#at.length - this.bounds.maxRecords);
    const oldest = this.#oldest();
    for (let i = this.#at.length - 1; i >= first && out.length < count; i--) {
      const at = this.#at[i] as number;
      const json = this.#json[i] as string;
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

  async append(batch: KeptBatch): Promise<void> {
    const members = batch.at.flatMap((at, i) => [at, lineOf(batch, i)]);
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
