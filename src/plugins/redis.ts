import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { closeRedisClient } from '../cache/redis-client.js';
import { RedisHealth } from '../cache/redis-health.js';
import type { Clock } from '../cache/types.js';

export interface RedisLink {
  client: Redis;
  /** False during an outage: the cache then degrades to direct, in-process-coalesced Slack calls. */
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
  clock: Clock;
}

async function redis(app: FastifyInstance, opts: RedisPluginOptions) {
  const { client } = opts;
  if (!client) {
    app.decorate('redis', null);
    return;
  }
  const health = new RedisHealth(client, app.log.child({ component: 'redis' }), opts.clock);
  app.decorate('redis', {
    client,
    get reachable() {
      return health.reachable;
    },
  });
  app.addHook('onClose', async () => {
    health.stop();
    await closeRedisClient(client);
  });
  // Boot does not wait for Redis beyond one attempt: the health monitor logs a failure and the client
  // keeps reconnecting in the background.
  if (client.status === 'wait') await client.connect().catch(() => {});
}

export default fp(redis, { name: 'redis' });
