import type { Redis } from 'ioredis';

/** Why the service refuses a standalone client on a cluster node; names the variable to set instead. */
export const CLUSTER_NODE_REFUSED =
  'Invalid configuration: REDIS_URL points at a Redis Cluster node (cluster_enabled:1). A client for one Redis there gets MOVED for every key another node holds, so most of the cache, the coalescing and the Slack rate gates would not be shared. Set REDIS_CLUSTER_NODES to the cluster nodes (host:port,host:port,…) instead of REDIS_URL.';

/** The hint logged with a MOVED reply, for a cluster that INFO did not reveal. */
export const MOVED_HINT =
  'a standalone client is talking to a Redis Cluster; set REDIS_CLUSTER_NODES instead of REDIS_URL';

/** True when the Redis behind a standalone client runs in cluster mode (INFO says cluster_enabled:1). */
export async function isClusterNode(client: Redis): Promise<boolean> {
  try {
    return /^cluster_enabled:1\s*$/m.test(await client.info('cluster'));
  } catch {
    // INFO disabled (some managed services rename it): MOVED replies, counted and logged, still tell.
    return false;
  }
}
