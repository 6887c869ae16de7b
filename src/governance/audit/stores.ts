import type { RedisClient } from '../../redis/redis-client.js';
import type { AuditRecord } from './record.js';

/**
 * The records of one write as bytes: their JSON lines in UTF-8, each ending with `\n` (what the JSON-lines
 * sink writes), with each record's start time (epoch ms, the order) and where its line ends. Encoded once per
 * batch for the file, the window and Redis alike; nothing of it is a string the garbage collector must keep.
 */
export interface KeptBatch {
  bytes: Buffer;
  at: readonly number[];
  /** The byte just past each record's line (its `\n` is there). */
  end: readonly number[];
}

/** Where the batch's `i`th line starts. */
const startOf = (batch: KeptBatch, i: number) => (i === 0 ? 0 : (batch.end[i - 1] as number) + 1);

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

/** Bytes a memory window starts with; it doubles as records come, up to its bound. */
const FIRST_BYTES = 64 * 1024;
/** A memory window holds at most this many bytes of records a record it may keep (AUDIT_MAX_RECORDS of them)… */
export const WINDOW_BYTES_PER_RECORD = 4096;
/** …and at most this many bytes in all. */
export const MAX_WINDOW_BYTES = 512 * 1024 * 1024;

/**
 * One process's window: the records' lines in a ring of bytes outside the JavaScript heap, and, in time order
 * (a late finisher is put in its place), each one's start time, where its bytes are and how many. Bounded in
 * number and age as the shared window is, and in bytes (AUDIT_MAX_RECORDS × 4 KB, 512 MB at most): when the
 * ring is full the oldest bytes are written over and their records are gone. Nothing in it is an object or a
 * string per record, so a busy replica's window costs the garbage collector nothing.
 */
export class MemoryAuditStore implements AuditStore {
  #ring = Buffer.alloc(0);
  /** Bytes written since the start (a record's position is this "virtual" offset; its place is it modulo the ring). */
  #head = 0;
  /** Records before this virtual offset are gone (written over before the ring grew). */
  #floor = 0;
  /** Bytes of the records indexed. */
  #bytes = 0;
  readonly #at: number[] = [];
  readonly #start: number[] = [];
  readonly #size: number[] = [];
  readonly #maxBytes: number;

  constructor(private readonly bounds: WindowBounds) {
    this.#maxBytes = Math.min(
      MAX_WINDOW_BYTES,
      Math.max(FIRST_BYTES, bounds.maxRecords * WINDOW_BYTES_PER_RECORD),
    );
  }

  async append(batch: KeptBatch): Promise<void> {
    const total = batch.bytes.length;
    this.#roomFor(total);
    const place = this.#head % this.#ring.length;
    if (total <= this.#maxBytes && place + total <= this.#ring.length) {
      // The whole batch fits before the ring's end: one copy.
      batch.bytes.copy(this.#ring, place);
      for (let r = 0; r < batch.at.length; r++) {
        const from = startOf(batch, r);
        this.#insert(batch.at[r] as number, this.#head + from, (batch.end[r] as number) + 1 - from);
      }
      this.#head += total;
      this.#bytes += total;
    } else this.#appendEach(batch);
    this.#trim();
  }

  /** A batch that wraps: line by line. */
  #appendEach(batch: KeptBatch): void {
    for (let r = 0; r < batch.at.length; r++) {
      const from = startOf(batch, r);
      const size = (batch.end[r] as number) + 1 - from;
      if (size > this.#maxBytes) continue;
      this.#roomFor(size);
      const ring = this.#ring;
      // A line never wraps: one that would is put at the ring's start (the bytes skipped stay unused).
      let place = this.#head % ring.length;
      if (place + size > ring.length) {
        this.#head += ring.length - place;
        place = 0;
      }
      batch.bytes.copy(ring, place, from, from + size);
      this.#insert(batch.at[r] as number, this.#head, size);
      this.#head += size;
      this.#bytes += size;
    }
  }

  /** Grows the ring (doubling, up to its bound) while the records kept and `size` more would not fit. */
  #roomFor(size: number): void {
    let length = this.#ring.length;
    if (this.#bytes + size + size <= length || length >= this.#maxBytes) return;
    while (this.#bytes + size + size > length && length < this.#maxBytes)
      length = Math.max(FIRST_BYTES, length * 2);
    length = Math.min(length, this.#maxBytes);
    const old = this.#ring;
    const ring = Buffer.allocUnsafe(length);
    const floor = this.#lowest();
    for (let i = 0; i < this.#at.length; i++) {
      const start = this.#start[i] as number;
      if (start < floor) continue;
      const size = this.#size[i] as number;
      old.copy(ring, start % length, start % old.length, (start % old.length) + size);
    }
    this.#floor = floor;
    this.#ring = ring;
  }

  /** The lowest virtual offset whose bytes are still in the ring. */
  #lowest(): number {
    return Math.max(this.#floor, this.#head - this.#ring.length);
  }

  #insert(at: number, start: number, size: number): void {
    const times = this.#at;
    let i = times.length;
    while (i > 0 && (times[i - 1] as number) > at) i--;
    if (i === times.length) {
      times.push(at);
      this.#start.push(start);
      this.#size.push(size);
    } else {
      times.splice(i, 0, at);
      this.#start.splice(i, 0, start);
      this.#size.splice(i, 0, size);
    }
  }

  /**
   * Drops, in bulk (an eighth of the window at a time: cutting the oldest off a full window on every append
   * moved the whole index each time), what is past the bounds: beyond AUDIT_MAX_RECORDS, older than the
   * retention, or written over. What is past them meanwhile is never scanned.
   */
  #trim(): void {
    const { maxRecords } = this.bounds;
    const count = this.#at.length;
    const ring = this.#ring.length;
    if (count <= maxRecords + Math.max(64, maxRecords >> 3) && this.#bytes <= ring + (ring >> 3)) return;
    const oldest = this.#oldest();
    const lowest = this.#lowest();
    const excess = count - maxRecords;
    let kept = 0;
    this.#bytes = 0;
    for (let i = 0; i < count; i++) {
      const start = this.#start[i] as number;
      if (i < excess || (this.#at[i] as number) < oldest || start < lowest) continue;
      this.#at[kept] = this.#at[i] as number;
      this.#start[kept] = start;
      this.#size[kept] = this.#size[i] as number;
      this.#bytes += this.#size[i] as number;
      kept++;
    }
    this.#at.length = kept;
    this.#start.length = kept;
    this.#size.length = kept;
  }

  #oldest(): number {
    return this.bounds.clock() - this.bounds.retentionMs;
  }

  async scan(from: ScanPosition | undefined, count: number) {
    const out: Array<{ at: number; record: AuditRecord }> = [];
    let skip = from?.skip ?? 0;
    const first = Math.max(0, this.#at.length - this.bounds.maxRecords);
    const oldest = this.#oldest();
    const lowest = this.#lowest();
    const ring = this.#ring;
    for (let i = this.#at.length - 1; i >= first && out.length < count; i--) {
      const at = this.#at[i] as number;
      if (at < oldest) break;
      const start = this.#start[i] as number;
      if (start < lowest) continue;
      if (from && at > from.at) continue;
      if (from && at === from.at && skip > 0) {
        skip--;
        continue;
      }
      const place = start % ring.length;
      // The line without its newline.
      const json = ring.toString('utf8', place, place + (this.#size[i] as number) - 1);
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
    // Each line's bytes as the member (without its newline): no string is made of them.
    const members = batch.at.flatMap((at, i) => [
      at,
      batch.bytes.subarray(startOf(batch, i), batch.end[i] as number),
    ]);
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
