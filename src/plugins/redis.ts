import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { CircuitBreaker } from '../redis/circuit-breaker.js';
import { guardRedis } from '../redis/guard-redis.js';
import { watchRedis } from '../redis/watch-redis.js';

export interface RedisLink {
  /** The client behind the breaker: while Redis is sick its commands fail at once instead of waiting. */
  client: Redis;
  breaker: CircuitBreaker;
  /** False during an outage: the cache then degrades to process memory and direct Slack calls. */
  readonly reachable: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis, or null when the service runs with the embedded in-memory cache. */
    redis: RedisLink | null;
  }
}

export interface RedisPluginOptions {
  /** An unconnected client (see `createRedisClient`); the app connects it and closes it on close. */
  client?: Redis;
  /** How long a failure keeps Redis out of use before a PING may bring it back. @default 5000 */
  breakerOpenMs?: number;
  /** PING period and timeout of the watcher. @default 1000 */
  probeMs?: number;
}

async function redis(app: FastifyInstance, opts: RedisPluginOptions) {
  const { client } = opts;
  if (!client) {
    app.decorate('redis', null);
    return;
  }
  const log = app.log.child({ component: 'redis' });
  const breaker = new CircuitBreaker({
    openMs: opts.breakerOpenMs,
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
  const stopWatching = watchRedis(client, breaker, { intervalMs: opts.probeMs, timeoutMs: opts.probeMs });
  app.decorate('redis', {
    client: guardRedis(client, breaker),
    breaker,
    get reachable() {
      return !breaker.isOpen;
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
}

export default fp(redis, { name: 'redis' });
