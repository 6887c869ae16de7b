import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_OTHER_TOKEN, type FakeSlack, startFakeSlack } from '../../fake-slack/index.js';
import { lockKeyOf } from '../../src/cache/redis-coalescer.js';
import { CLUSTER_NODE_REFUSED } from '../../src/redis/cluster-node-check.js';
import { tokenIdentity } from '../../src/slack-client/keys.js';
import { authHeaders, buildHarness, get, type Harness, SLACK_TOKEN } from '../helper.js';
import { type RedisCluster, startRedisCluster } from '../support/redis-cluster.js';
import { captureLogs } from '../support/redis-logs.js';
import { findRedisBinary, freePort } from '../support/redis-server.js';
import { waitFor } from '../support/wait-for.js';

let cluster: RedisCluster;
let slack: FakeSlack;

beforeAll(async () => {
  [cluster, slack] = await Promise.all([startRedisCluster(), startFakeSlack()]);
});
afterAll(async () => {
  await slack.close();
  await cluster.stop();
});

const metric = async (h: Harness, name: string) => {
  const text = (await h.app.inject({ url: '/metrics', headers: authHeaders() })).body;
  return text.split('\n').filter((line) => line.startsWith(name));
};
const readyz = async (h: Harness) => (await h.app.inject({ url: '/readyz' })).json();

describe('on a 3-master Redis Cluster (REDIS_CLUSTER_NODES)', () => {
  it('stores all 36 different searches, spread over every master, each identity over several', async () => {
    const h = await buildHarness({ slack, redisClusterNodes: cluster.nodes });
    // Warm: on a loaded machine a cold process's first requests may stall its event loop past Redis's 1 s
    // command timeout, which rightly opens the breaker for a moment.
    await get(h.app, '/search/messages?query=warmup');
    await waitFor(async () => (await readyz(h)).status === 'ready', 'the cluster link', 10_000);
    await cluster.flush();
    const other = authHeaders({ 'x-slack-token': DEMO_OTHER_TOKEN });
    const statuses: number[] = [];
    for (let i = 0; i < 36; i++)
      statuses.push(
        (await get(h.app, `/search/messages?query=deploy${i}`, i % 2 ? other : undefined)).status,
      );
    expect(statuses).toEqual(new Array(36).fill(200));
    expect(await readyz(h)).toEqual({ status: 'ready', cache: 'redis', redis: 'reachable' });
    expect(await metric(h, 'agent_search_redis_errors_total{')).toEqual([]);

    const byMaster = await cluster.keysByMaster('as:v1:answer:*');
    const answers = [...byMaster.values()].flat();
    expect(answers).toHaveLength(36);
    expect([...byMaster.values()].map((keys) => keys.length > 0)).toEqual([true, true, true]);
    const secret = h.app.config.KEY_HASH_SECRET;
    for (const identity of [tokenIdentity(SLACK_TOKEN, secret), tokenIdentity(DEMO_OTHER_TOKEN, secret)]) {
      const masters = [...byMaster.values()].filter((keys) => keys.some((k) => k.includes(identity)));
      expect(masters.length).toBeGreaterThan(1);
    }
    await h.close();
    await cluster.flush();
  });

  it('keeps a coalescing lock in its value’s slot', async () => {
    const admin = new Redis(cluster.ports[0], '127.0.0.1');
    const key = 'as:v1:search.messages:0123456789abcdef:fedcba9876543210';
    const slots = await Promise.all([key, lockKeyOf(key)].map((k) => admin.call('CLUSTER', 'KEYSLOT', k)));
    admin.disconnect();
    expect(slots[0]).toBe(slots[1]);
    expect(lockKeyOf(key)).toBe(`{${key}}:lock`);
  });

  it('refuses at start a REDIS_URL that points at a cluster node, naming REDIS_CLUSTER_NODES', async () => {
    await expect(buildHarness({ slack, redisUrl: `redis://127.0.0.1:${cluster.ports[0]}` })).rejects.toThrow(
      CLUSTER_NODE_REFUSED,
    );
    expect(CLUSTER_NODE_REFUSED).toContain('Set REDIS_CLUSTER_NODES');
  });

  it('counts and logs MOVED once and says degraded when INFO does not reveal the cluster', async () => {
    // A managed Redis may hide INFO: the start-up check then passes, and the MOVED replies must tell.
    const original = Redis.prototype.info;
    const info = vi.spyOn(Redis.prototype, 'info').mockImplementation(function (this: Redis, ...args) {
      if (args[0] === 'cluster') return Promise.reject(new Error('ERR unknown command'));
      return (original as (...a: unknown[]) => Promise<string>).apply(this, args);
    } as typeof original);
    const logs = captureLogs();
    const h = await buildHarness({
      slack,
      redisUrl: `redis://127.0.0.1:${cluster.ports[0]}`,
      logger: { level: 'info', stream: logs.stream },
    });
    info.mockRestore();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await get(h.app, `/search/messages?query=moved${i}`)).status);
    expect(statuses).toEqual(new Array(12).fill(200));
    const [moved] = await metric(h, 'agent_search_redis_errors_total{kind="moved"}');
    expect(Number(moved?.split(' ')[1])).toBeGreaterThan(5);
    expect(logs.redisLines()).toEqual([
      [
        40,
        'Redis error (moved): a standalone client is talking to a Redis Cluster; set REDIS_CLUSTER_NODES instead of REDIS_URL; further moved errors are counted in /metrics and logged at most once a minute',
      ],
    ]);
    expect(await readyz(h)).toEqual({ status: 'degraded', cache: 'redis', redis: 'writes-failing' });
    await h.close();
    await cluster.flush();
  });

  it('keeps a REDIS_URL unused, degraded and logged when the node it reaches after start is a cluster node', async () => {
    const port = await freePort();
    const logs = captureLogs();
    const h = await buildHarness({
      slack,
      redisUrl: `redis://127.0.0.1:${port}`,
      redisBreaker: { breakerOpenMs: 200, probeMs: 100 },
      logger: { level: 'info', stream: logs.stream },
    });
    const node = spawn(
      findRedisBinary(),
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--cluster-enabled',
        'yes',
        '--dir',
        tmpdir(),
        '--cluster-config-file',
        `as-later-${port}.conf`,
      ],
      { stdio: 'ignore' },
    );
    try {
      await waitFor(() => logs.redisLines().some(([level]) => level === 50), 'the refusal', 10_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await readyz(h)).toEqual({ status: 'degraded', cache: 'redis', redis: 'unreachable' });
      expect(logs.redisLines().filter(([level]) => level === 50)).toEqual([[50, CLUSTER_NODE_REFUSED]]);
      expect((await get(h.app, '/search/messages?query=later')).status).toBe(200);
    } finally {
      node.kill('SIGKILL');
      await h.close();
      rmSync(join(tmpdir(), `as-later-${port}.conf`), { force: true });
    }
  });
});
