import { deleteIfEquals } from '../redis/lua-script.js';
import type { RedisClient } from '../redis/redis-client.js';
import type { CacheEntry, CacheStore, Clock } from './types.js';

/** Bumped whenever the stored envelope changes shape; older envelopes then read as corrupt and are refetched. */
const ENVELOPE_VERSION = 1;

interface Envelope {
  v: number;
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
  value: unknown;
}

const isTime = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

function readEnvelope(raw: string): CacheEntry | undefined {
  let parsed: Partial<Envelope>;
  try {
    parsed = JSON.parse(raw) as Partial<Envelope>;
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || parsed.v !== ENVELOPE_VERSION) return undefined;
  const { storedAt, freshUntil, staleUntil, value } = parsed;
  if (!isTime(storedAt) || !isTime(freshUntil) || !isTime(staleUntil)) return undefined;
  if (staleUntil < freshUntil || value === undefined) return undefined;
  return { value, storedAt, freshUntil, staleUntil };
}

/**
 * Cache entries in Redis as JSON envelopes that expire (PX) when they stop being servable, even stale.
 * Never throws: with Redis unreachable a read is a miss and a write is dropped, so requests go to Slack.
 */
export class RedisStore implements CacheStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly clock: Clock = Date.now,
  ) {}

  async get<T>(key: string): Promise<CacheEntry<T> | undefined> {
    let raw: string | null;
    try {
      raw = await this.redis.get(key);
    } catch {
      return undefined;
    }
    if (raw === null) return undefined;
    const entry = readEnvelope(raw);
    if (!entry) {
      // Only the corrupt value goes: another process may have just written a good one.
      await deleteIfEquals(this.redis, [key], [raw]).catch(() => {});
      return undefined;
    }
    return entry.staleUntil > this.clock() ? (entry as CacheEntry<T>) : undefined;
  }

  async set<T>(key: string, entry: CacheEntry<T>): Promise<void> {
    const ttl = Math.ceil(entry.staleUntil - this.clock());
    if (ttl <= 0) return;
    const envelope: Envelope = { v: ENVELOPE_VERSION, ...entry };
    try {
      await this.redis.set(key, JSON.stringify(envelope), 'PX', ttl);
    } catch {
      // Redis is down: the health monitor logs the outage once; this write is simply lost.
    }
  }

  async setIfAbsent<T>(key: string, entry: CacheEntry<T>): Promise<boolean> {
    const ttl = Math.ceil(entry.staleUntil - this.clock());
    if (ttl <= 0) return false;
    const envelope: Envelope = { v: ENVELOPE_VERSION, ...entry };
    try {
      return (await this.redis.set(key, JSON.stringify(envelope), 'PX', ttl, 'NX')) === 'OK';
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.redis.del(key);
    } catch {
      // Same as above: nothing to delete while Redis is unreachable.
    }
  }
}
