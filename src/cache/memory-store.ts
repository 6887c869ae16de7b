import type { CacheEntry, CacheStore, Clock } from './types.js';

/** An LRU map bounded by entry count; entries vanish once past `staleUntil`. */
export class MemoryStore implements CacheStore {
  readonly kind = 'memory';
  readonly #map = new Map<string, CacheEntry>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly clock: Clock = Date.now,
  ) {}

  async get<T>(key: string): Promise<CacheEntry<T> | undefined> {
    const entry = this.#map.get(key);
    if (!entry) return undefined;
    this.#map.delete(key);
    if (entry.staleUntil <= this.clock()) return undefined;
    this.#map.set(key, entry);
    return entry as CacheEntry<T>;
  }

  async set<T>(key: string, entry: CacheEntry<T>): Promise<void> {
    this.#map.delete(key);
    this.#map.set(key, entry);
    while (this.#map.size > this.maxEntries) {
      const oldest = this.#map.keys().next().value as string;
      this.#map.delete(oldest);
    }
  }

  async delete(key: string): Promise<void> {
    this.#map.delete(key);
  }

  get size(): number {
    return this.#map.size;
  }
}
