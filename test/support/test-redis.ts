import { Cluster, Redis } from 'ioredis';
import { startRedisCluster } from './redis-cluster.js';
import { startRedisServer } from './redis-server.js';

/** The two shapes of shared Redis the service supports; tests of shared state run on both. */
export const REDIS_KINDS = ['standalone', 'cluster'] as const;
export type RedisKind = (typeof REDIS_KINDS)[number];

export interface TestRedis {
  kind: RedisKind;
  /** What `buildHarness` takes to share this Redis. */
  harness: { redisUrl?: string; redisClusterNodes?: string };
  /** Per-key commands for assertions (a cluster client routes them). */
  client: Redis | Cluster;
  /** Keys matching `pattern` on every master. */
  keys(pattern?: string): Promise<string[]>;
  /** Every key and value, one `key value` line each (strings, hashes, sorted sets). */
  dump(): Promise<string>;
  flush(): Promise<void>;
  stop(): Promise<void>;
}

async function dumpOf(node: Redis): Promise<string[]> {
  const parts: string[] = [];
  for (const key of await node.keys('*')) {
    const type = await node.type(key);
    const value =
      type === 'string'
        ? await node.getBuffer(key).then((v) => v?.toString('utf8'))
        : type === 'hash'
          ? JSON.stringify(await node.hgetall(key))
          : type === 'zset'
            ? JSON.stringify(await node.zrange(key, 0, -1, 'WITHSCORES'))
            : `(${type})`;
    parts.push(`${key} ${value}`);
  }
  return parts;
}

/** A fresh redis-server, or a fresh 3-master cluster, for one test file. */
export async function startTestRedis(kind: RedisKind): Promise<TestRedis> {
  if (kind === 'standalone') {
    const server = await startRedisServer();
    const client = new Redis(server.url);
    return {
      kind,
      harness: { redisUrl: server.url },
      client,
      keys: (pattern = '*') => client.keys(pattern),
      dump: async () => (await dumpOf(client)).join('\n'),
      flush: async () => void (await client.flushall()),
      stop: async () => {
        client.disconnect();
        await server.stop();
      },
    };
  }
  const cluster = await startRedisCluster();
  const client = new Cluster([{ host: '127.0.0.1', port: cluster.ports[0] }]);
  await new Promise((resolve) => client.once('ready', resolve));
  const masters = () => client.nodes('master');
  return {
    kind,
    harness: { redisClusterNodes: cluster.nodes },
    client,
    keys: async (pattern = '*') => (await Promise.all(masters().map((n) => n.keys(pattern)))).flat(),
    dump: async () => (await Promise.all(masters().map(dumpOf))).flat().join('\n'),
    flush: async () => void (await Promise.all(masters().map((n) => n.flushall()))),
    stop: async () => {
      client.disconnect();
      await cluster.stop();
    },
  };
}
