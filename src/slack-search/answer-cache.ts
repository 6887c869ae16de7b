import type { Cached, CacheStore, Clock } from '../cache/types.js';
import { cacheKey } from '../slack-client/keys.js';

export interface AnswerCacheDeps {
  store: CacheStore;
  clock: Clock;
  onHit?: () => void;
}

/**
 * What a caller got (the concise or detailed body for those parameters), kept beside the Slack bodies it
 * was built from and never longer than the first of them stays fresh: a repeated request then costs one
 * lookup instead of formatting again. Keys hold the token's hashed identity, never the token.
 */
export function createAnswerCache({ store, clock, onHit }: AnswerCacheDeps) {
  return {
    key: (kind: string, identity: string, params: unknown) => cacheKey(`answer:${kind}`, identity, params),

    async get<T>(key: string): Promise<T | undefined> {
      const entry = await store.get<T>(key);
      if (!entry || entry.freshUntil <= clock()) return undefined;
      onHit?.();
      return entry.value;
    },

    async set<T>(key: string, value: T, sources: Cached<unknown>[]): Promise<void> {
      // A stale answer says how old its data is at this moment: it is rebuilt each time instead.
      if (sources.length === 0 || sources.some((s) => s.status === 'STALE')) return;
      const freshUntil = Math.min(...sources.map((s) => s.freshUntil));
      const now = clock();
      if (freshUntil <= now) return;
      await store.set(key, { value, storedAt: now, freshUntil, staleUntil: freshUntil });
    },
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;
