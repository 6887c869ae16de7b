import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { CircuitBreaker } from '../redis/circuit-breaker.js';
import { CLUSTER_NODE_REFUSED, isClusterNode, MOVED_HINT } from '../redis/cluster-node-check.js';
import { RedisErrorReport } from '../redis/error-report.js';
import { guardRedis } from '../redis/guard-redis.js';
import type { RedisClient } from '../redis/redis-client.js';
import type { RedisErrorKind } from '../redis/redis-errors.js';
import { watchRedis } from '../redis/watch-redis.js';

/** What /readyz says of Redis: answering, not answering (breaker open), or answering but refusing writes. */
export type RedisHealth = 'reachable' | 'unreachable' | 'writes-failing';

export interface RedisLink {
  /** The client behind the breaker: while Redis is sick its commands fail at once instead of waiting. */
  client: RedisClient;
  breaker: CircuitBreaker;
  /** False during an outage: the cache then degrades to process memory and direct Slack calls. */
  readonly reachable: boolean;
  readonly health: RedisHealth;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis, or null when the service runs with the embedded in-memory cache. */
    redis: RedisLink | null;
  }
}

export interface RedisPluginOptions {
  /** An unconnected client (see `createConfiguredRedis`); the app connects it and closes it on close. */
  client?: RedisClient;
  /** How long a failure keeps Redis out of use before a PING may bring it back. @default 5000 */
  breakerOpenMs?: number;
  /** PING period and timeout of the watcher. @default 1000 */
  probeMs?: number;
  /** Hears every Redis error by kind (the /metrics counter). */
  onError?: (kind: RedisErrorKind) => void;
}

/** The breaker of the Redis link, saying in the log when Redis goes away and when it is back. */
function loggedBreaker(log: FastifyBaseLogger, openMs: number | undefined) {
  return new CircuitBreaker({
    openMs,
    onOpen: (reason) =>
      log.warn(
        { reason },
        'Redis is unavailable: serving from process memory and calling Slack directly until it answers again',
      ),
    onClose: (ms) => {
      const seconds = Math.round(ms / 1000);
      log.info(
        { outageSeconds: seconds },
        `Redis answers again after ${seconds} s: back to the shared cache`,
      );
    },
  });
}

async function redis(app: FastifyInstance, opts: RedisPluginOptions) {
  const { client } = opts;
  if (!client) {
    app.decorate('redis', null);
    return;
  }
  const log = app.log.child({ component: 'redis' });
  const breaker = loggedBreaker(log, opts.breakerOpenMs);
  const standalone = client.isCluster ? undefined : (client as Redis);
  const errors = new RedisErrorReport({
    log,
    onError: opts.onError,
    hints: standalone ? { moved: MOVED_HINT } : {},
  });
  // A standalone client on a cluster node: refused at boot; found later (Redis was down at boot), never used.
  let refused = false;
  const stopWatching = watchRedis(client, breaker, {
    intervalMs: opts.probeMs,
    timeoutMs: opts.probeMs,
    usable: () => !refused,
    onError: (err) => errors.failed(err, 'reconnect'),
  });
  const checkClusterNode = async () => {
    if (!standalone || refused || !(await isClusterNode(standalone))) return;
    refused = true;
    breaker.trip('cluster node');
    log.error(CLUSTER_NODE_REFUSED);
  };
  app.decorate('redis', {
    client: guardRedis(client, breaker, errors.failed),
    breaker,
    get reachable() {
      return !breaker.isOpen;
    },
    get health(): RedisHealth {
      if (breaker.isOpen) return 'unreachable';
      return errors.writesFailing ? 'writes-failing' : 'reachable';
    },
  });
  app.addHook('onClose', async () => {
    stopWatching();
    // Imported here: ioredis is loaded only by an app that has a Redis.
    const { closeRedisClient } = await import('../redis/redis-client.js');
    await closeRedisClient(client);
  });
  // Boot does not wait for Redis beyond one attempt: the breaker opens (one log line) and the client keeps
  // reconnecting in the background.
  if (client.status === 'wait') await client.connect().catch(() => {});
  if (standalone?.status === 'ready' && (await isClusterNode(standalone))) {
    stopWatching();
    standalone.disconnect();
    throw new Error(CLUSTER_NODE_REFUSED);
  }
  standalone?.on('ready', () => void checkClusterNode());
}

export default fp(redis, { name: 'redis' });
