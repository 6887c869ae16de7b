import { Cluster, type ClusterOptions, Redis, type RedisOptions } from 'ioredis';
import { parseClusterNodes } from './cluster-nodes.js';

/** One Redis or a Redis Cluster: the same commands; a cluster routes each key to its slot's master. */
export type RedisClient = Redis | Cluster;

// Fail fast instead of queueing while Redis is unreachable (requests then go to Slack directly); a Redis that
// accepts connections but does not answer must not stall requests either.
const NODE_OPTIONS = { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1 } as const;
const backOff = (attempt: number) => Math.min(attempt * 100, 2000);

/**
 * A Redis client that fails fast and reconnects on its own, backing off up to 2 s. Not connected until
 * `connect()`; `buildApp` does that and closes it with the app.
 */
export function createRedisClient(url: string, overrides: RedisOptions = {}): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    ...NODE_OPTIONS,
    retryStrategy: backOff,
    ...overrides,
  });
}

/**
 * A Redis Cluster client from REDIS_CLUSTER_NODES, with the same fail-fast options per node. Reads go to
 * masters: a coalescing follower must see the value its leader just wrote, which a lagging replica may not.
 */
export function createRedisClusterClient(nodes: string, overrides: ClusterOptions = {}): Cluster {
  const seeds = parseClusterNodes(nodes);
  return new Cluster(seeds.nodes, {
    lazyConnect: true,
    enableOfflineQueue: false,
    scaleReads: 'master',
    clusterRetryStrategy: backOff,
    // A failover moves slots: look for the new map often, and retry a moved slot's command a few times only.
    slotsRefreshInterval: 2000,
    slotsRefreshTimeout: 1000,
    maxRedirections: 6,
    // TLS certificates name hosts, not the addresses the cluster announces (managed services document this).
    ...(seeds.tls ? { dnsLookup: (address, callback) => callback(null, address) } : {}),
    redisOptions: {
      ...NODE_OPTIONS,
      username: seeds.username,
      password: seeds.password,
      ...(seeds.tls ? { tls: {} } : {}),
    },
    ...overrides,
  });
}

/**
 * The configured shared Redis (REDIS_URL or REDIS_CLUSTER_NODES), unconnected, or undefined for none. Takes
 * the two settings, not the Config type: config.ts checks REDIS_CLUSTER_NODES with this folder's parser.
 */
export function createConfiguredRedis(config: {
  REDIS_URL?: string;
  REDIS_CLUSTER_NODES?: string;
}): RedisClient | undefined {
  if (config.REDIS_CLUSTER_NODES) return createRedisClusterClient(config.REDIS_CLUSTER_NODES);
  return config.REDIS_URL ? createRedisClient(config.REDIS_URL) : undefined;
}

/** Quits politely when connected, and drops the socket (and the reconnect loop) otherwise. */
export async function closeRedisClient(redis: RedisClient): Promise<void> {
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
