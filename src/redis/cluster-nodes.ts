/** Where a Redis Cluster is and how to log in: what REDIS_CLUSTER_NODES says. */
export interface ClusterSeeds {
  nodes: Array<{ host: string; port: number }>;
  tls: boolean;
  username?: string;
  password?: string;
}

const fail = (why: string): never => {
  throw new Error(
    `Invalid configuration: REDIS_CLUSTER_NODES must be comma-separated seed nodes, host:port or redis[s]://[user:password@]host:port (e.g. redis-1:6379,redis-2:6379); ${why}`,
  );
};

/**
 * Parses REDIS_CLUSTER_NODES. Entries are `host:port` or URLs like REDIS_URL's: `rediss://` asks for TLS and
 * the user and password are the cluster's (every node shares them), so URL entries must agree on both.
 */
export function parseClusterNodes(value: string): ClusterSeeds {
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) fail('it names no node');
  const seeds: ClusterSeeds = { nodes: [], tls: false };
  let login: string | undefined;
  for (const entry of entries) {
    const withScheme = entry.includes('://') ? entry : `redis://${entry}`;
    let url: URL;
    try {
      url = new URL(withScheme);
    } catch {
      return fail(`${JSON.stringify(entry.slice(0, 80).replace(/\/\/[^@/]*@/, '//…@'))} is not one`);
    }
    if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
      fail(`${url.protocol} is not redis: or rediss:`);
    if (!url.hostname || !url.port)
      fail(`${JSON.stringify(url.host || entry.slice(0, 40))} lacks a host or port`);
    if (url.protocol === 'rediss:') seeds.tls = true;
    else if (entry.includes('://') && seeds.tls) fail('mixes redis:// and rediss://');
    if (url.username || url.password) {
      const here = `${url.username}:${url.password}`;
      if (login !== undefined && login !== here) fail('its entries give different users or passwords');
      login = here;
      seeds.username = decodeURIComponent(url.username) || undefined;
      seeds.password = decodeURIComponent(url.password) || undefined;
    }
    seeds.nodes.push({ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) });
  }
  if (seeds.tls && entries.some((e) => e.startsWith('redis://'))) fail('mixes redis:// and rediss://');
  return seeds;
}
