import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis client that fails fast instead of queueing while Redis is unreachable (requests then go to
 * Slack directly) and reconnects on its own, backing off up to 2 s. Not connected until `connect()`;
 * `buildApp` does that and closes it with the app.
 */
export function createRedisClient(url: string, overrides: RedisOptions = {}): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // A Redis that accepts connections but does not answer must not stall requests either.
    commandTimeout: 1000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    ...overrides,
  });
}

/** Quits politely when connected, and drops the socket (and the reconnect loop) otherwise. */
export async function closeRedisClient(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // Fall through to a hard disconnect.
    }
  }
  redis.disconnect();
}
