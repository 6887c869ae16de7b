import { describe, expect, it } from 'vitest';
import { KEY_HASH_SECRET_REQUIRED, loadConfig } from '../../src/config.js';
import { parseClusterNodes } from '../../src/redis/cluster-nodes.js';

const SECRET = 'cluster-nodes-test-secret';
const PREFIX =
  'Invalid configuration: REDIS_CLUSTER_NODES must be comma-separated seed nodes, host:port or redis[s]://[user:password@]host:port (e.g. redis-1:6379,redis-2:6379); ';

describe('REDIS_CLUSTER_NODES', () => {
  it('takes host:port seeds, and TLS and a password from URL entries', () => {
    expect(parseClusterNodes('redis-1:6379, redis-2:6380')).toEqual({
      nodes: [
        { host: 'redis-1', port: 6379 },
        { host: 'redis-2', port: 6380 },
      ],
      tls: false,
    });
    expect(
      parseClusterNodes('rediss://default:s%40cret@cfg.example.com:6379,rediss://cfg2.example.com:6379'),
    ).toEqual({
      nodes: [
        { host: 'cfg.example.com', port: 6379 },
        { host: 'cfg2.example.com', port: 6379 },
      ],
      tls: true,
      username: 'default',
      password: 's@cret',
    });
  });

  it('refuses a bad list with a message naming the variable, never echoing a password', () => {
    expect(() => parseClusterNodes(' , ')).toThrow(`${PREFIX}it names no node`);
    expect(() => parseClusterNodes('redis-1')).toThrow(`${PREFIX}"redis-1" lacks a host or port`);
    expect(() => parseClusterNodes('http://redis-1:6379')).toThrow(`${PREFIX}http: is not redis: or rediss:`);
    expect(() => parseClusterNodes('rediss://a:1,redis://b:2')).toThrow(
      `${PREFIX}mixes redis:// and rediss://`,
    );
    expect(() => parseClusterNodes('redis://:one@a:1,redis://:two@b:2')).toThrow(
      `${PREFIX}its entries give different users or passwords`,
    );
  });

  it('needs KEY_HASH_SECRET, and excludes REDIS_URL', () => {
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-1:6379' })).toThrow(KEY_HASH_SECRET_REQUIRED);
    expect(() =>
      loadConfig({
        REDIS_CLUSTER_NODES: 'redis-1:6379',
        REDIS_URL: 'redis://r:6379',
        KEY_HASH_SECRET: SECRET,
      }),
    ).toThrow(
      'Invalid configuration: set REDIS_URL (one Redis) or REDIS_CLUSTER_NODES (a Redis Cluster), not both',
    );
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-1', KEY_HASH_SECRET: SECRET })).toThrow(PREFIX);
    expect(
      loadConfig({ REDIS_CLUSTER_NODES: 'redis-1:6379', KEY_HASH_SECRET: SECRET }).REDIS_CLUSTER_NODES,
    ).toBe('redis-1:6379');
  });
});
