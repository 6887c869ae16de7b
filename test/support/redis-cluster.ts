import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { findRedisBinary, freePort } from './redis-server.js';

export interface RedisCluster {
  /** `host:port,…` of every node, as REDIS_CLUSTER_NODES takes it. */
  nodes: string;
  ports: number[];
  /** Ports of the nodes that are masters now (they change after a failover). */
  masters(): Promise<number[]>;
  /** Keys matching `pattern` on each master, by port. */
  keysByMaster(pattern?: string): Promise<Map<number, string[]>>;
  flush(): Promise<void>;
  /** SIGKILL one node (a crashed master). */
  kill(port: number): Promise<void>;
  stop(): Promise<void>;
}

export interface RedisClusterOptions {
  /** @default 3 */
  masters?: number;
  /** @default 0 */
  replicasPerMaster?: number;
  /** How long a silent node takes to be marked failed (and its replica promoted). @default 1000 */
  nodeTimeoutMs?: number;
}

function findRedisCli(): string {
  const found = spawnSync('sh', ['-c', 'command -v redis-cli'], { encoding: 'utf8' }).stdout.trim();
  if (!found)
    throw new Error('redis-cli not found: install redis-server (it includes redis-cli); tests never skip');
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A node that exited while starting (its port or its bus port was taken): the start is tried again. */
class NodeDidNotStart extends Error {}

async function untilAnswers(port: number, child: ChildProcess | undefined): Promise<Redis> {
  for (let i = 0; i < 100; i++) {
    if (child?.exitCode !== null)
      throw new NodeDidNotStart(`cluster node on port ${port} exited while starting`);
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.ping();
      return client;
    } catch {
      client.disconnect();
      await sleep(50);
    }
  }
  throw new Error(`cluster node on port ${port} did not answer`);
}

/**
 * A throwaway Redis Cluster on loopback (redis-server and redis-cli only): `masters` nodes holding every slot,
 * each with `replicasPerMaster` replicas, no persistence. A missing binary fails the run, never skips.
 */
export async function startRedisCluster(options: RedisClusterOptions = {}): Promise<RedisCluster> {
  // Ports are chosen free, but another process may take one before the node binds it.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (err) {
      if (!(err instanceof NodeDidNotStart) || attempt === 3) throw err;
    }
  }
}

/** Whether nothing listens on `port` (loopback) now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A port for a cluster node: Redis also binds port + 10000 (the cluster bus), so that one must be free too,
 * and at most 65535 (a node on a port past 55535 exits at once).
 */
async function freeNodePort(chosen: number[]): Promise<number> {
  for (;;) {
    const port = await freePort();
    const clash = chosen.some((p) => p === port || p + 10_000 === port || p === port + 10_000);
    if (port <= 55_535 && !clash && (await isFree(port + 10_000))) return port;
  }
}

async function startOnce(options: RedisClusterOptions): Promise<RedisCluster> {
  const { masters = 3, replicasPerMaster = 0, nodeTimeoutMs = 1000 } = options;
  const binary = findRedisBinary();
  const cli = findRedisCli();
  const dir = mkdtempSync(join(tmpdir(), 'as-cluster-'));
  const count = masters * (1 + replicasPerMaster);
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freeNodePort(ports));
  const children = new Map<number, ChildProcess>();
  const admins = new Map<number, Redis>();
  for (const port of ports) {
    const child = spawn(
      binary,
      [
        ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        ...['--dir', dir, '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`],
        ...['--cluster-node-timeout', String(nodeTimeoutMs), '--cluster-replica-validity-factor', '0'],
      ],
      { stdio: 'ignore' },
    );
    children.set(port, child);
  }
  const stop = async () => {
    for (const admin of admins.values()) admin.disconnect();
    await Promise.all(
      [...children.values()].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) admins.set(port, await untilAnswers(port, children.get(port)));
    const created = spawnSync(
      cli,
      [
        '--cluster',
        'create',
        ...ports.map((p) => `127.0.0.1:${p}`),
        '--cluster-replicas',
        String(replicasPerMaster),
        '--cluster-yes',
      ],
      { encoding: 'utf8', timeout: 30_000 },
    );
    if (created.status !== 0)
      throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    await untilClusterOk([...admins.values()], count);
  } catch (err) {
    await stop();
    throw err;
  }

  const masterPorts = async () => {
    for (const [port, admin] of admins) {
      if (children.get(port)?.exitCode !== null) continue;
      const nodes = String(await admin.call('CLUSTER', 'NODES'));
      return (
        nodes
          .split('\n')
          .filter((line) => /\bmaster\b/.test(line) && !/\bfail\b/.test(line) && / \d+-\d+/.test(line))
          .map((line) => Number(line.split(' ')[1].split('@')[0].split(':').at(-1)))
          // A killed master is listed until the others mark it failed.
          .filter((port) => admins.has(port))
      );
    }
    throw new Error('no cluster node is running');
  };
  return {
    nodes: ports.map((p) => `127.0.0.1:${p}`).join(','),
    ports,
    masters: masterPorts,
    keysByMaster: async (pattern = '*') => {
      const out = new Map<number, string[]>();
      for (const port of await masterPorts()) out.set(port, await (admins.get(port) as Redis).keys(pattern));
      return out;
    },
    flush: async () => {
      await Promise.all((await masterPorts()).map((port) => admins.get(port)?.flushall()));
    },
    kill: async (port) => {
      const child = children.get(port);
      admins.get(port)?.disconnect();
      admins.delete(port);
      if (!child || child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    },
    stop,
  };
}

async function untilClusterOk(admins: Redis[], count: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const infos = await Promise.all(admins.map((a) => a.call('CLUSTER', 'INFO').then(String)));
    const ok = infos.every(
      (info) => info.includes('cluster_state:ok') && info.includes(`cluster_known_nodes:${count}`),
    );
    if (ok) return;
    await sleep(50);
  }
  throw new Error('the test cluster did not reach cluster_state:ok');
}
