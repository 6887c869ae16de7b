import type { CacheEntry, CacheStore, Clock } from './types.js';

export interface MemoryStoreOptions {
  /** @default 10_000 */
  maxEntries?: number;
  /** Bound on the JSON size of the values held (the heap they take is a small multiple of it). @default 64 MiB */
  maxBytes?: number;
  clock?: Clock;
}

/** The JSON length of a value: what a copy costs to hold, measured once when it is stored. */
const sizeOf = (value: unknown) => JSON.stringify(value)?.length ?? 0;

/** An LRU map bounded by entry count and by bytes; entries vanish once past `staleUntil`. */
export class MemoryStore implements CacheStore {
  readonly #map = new Map<string, { entry: CacheEntry; bytes: number }>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #clock: Clock;
  #bytes = 0;

  constructor(options: MemoryStoreOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.#clock = options.clock ?? Date.now;
  }

  /** JSON bytes of the values held now. */
  get bytes(): number {
    return this.#bytes;
  }

  async get<T>(key: string): Promise<CacheEntry<T> | undefined> {
    const held = this.#map.get(key);
    if (!held) return undefined;
    this.#map.delete(key);
    if (held.entry.staleUntil <= this.#clock()) {
      this.#bytes -= held.bytes;
      return undefined;
    }
    this.#map.set(key, held);
    return held.entry as CacheEntry<T>;
  }

  async set<T>(key: string, entry: CacheEntry<T>): Promise<void> {
    this.#put(key, entry);
  }

  async setIfAbsent<T>(key: string, entry: CacheEntry<T>): Promise<boolean> {
    const held = this.#map.get(key);
    if (held && held.entry.staleUntil > this.#clock()) return false;
    this.#put(key, entry);
    return this.#map.has(key);
  }

  async delete(key: string): Promise<void> {
    this.#drop(key);
  }

  // Synchronous, so a look and a write (setIfAbsent) have no other caller between them.
  #put<T>(key: string, entry: CacheEntry<T>): void {
    this.#drop(key);
    const bytes = sizeOf(entry.value);
    // A value larger than a quarter of the budget would flush most of the cache for one entry.
    if (bytes > this.#maxBytes / 4) return;
    this.#map.set(key, { entry, bytes });
    this.#bytes += bytes;
    while (this.#map.size > this.#maxEntries || this.#bytes > this.#maxBytes) {
      this.#drop(this.#map.keys().next().value as string);
    }
  }

  // Synchronous, so concurrent writers of one key cannot both count their bytes.
  #drop(key: string): void {
    const held = this.#map.get(key);
    if (!held) return;
    this.#map.delete(key);
    this.#bytes -= held.bytes;
  }
}
