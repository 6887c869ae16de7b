import type { CacheEntry, CacheStore } from './types.js';

/**
 * The primary store while it is usable, the fallback (process memory) while `usePrimary()` says no: during a
 * Redis outage answers and the auth.test memo are still cached, in this process only.
 */
export class FallbackStore implements CacheStore {
  constructor(
    private readonly primary: CacheStore,
    private readonly fallback: CacheStore,
    private readonly usePrimary: () => boolean,
  ) {}

  #current(): CacheStore {
    return this.usePrimary() ? this.primary : this.fallback;
  }

  get<T>(key: string): Promise<CacheEntry<T> | undefined> {
    return this.#current().get<T>(key);
  }

  set<T>(key: string, entry: CacheEntry<T>): Promise<void> {
    return this.#current().set(key, entry);
  }

  setIfAbsent<T>(key: string, entry: CacheEntry<T>): Promise<boolean> {
    return this.#current().setIfAbsent(key, entry);
  }

  async delete(key: string): Promise<void> {
    // Both: an entry that must go (a revoked token's identity) may sit in either.
    await Promise.all([this.primary.delete(key), this.fallback.delete(key)]);
  }
}
