import type { FastifyInstance } from 'fastify';
import type { RedisClient } from '../redis/redis-client.js';

/** What a Redis does when full: `noeviction` refuses writes; any other policy deletes keys to make room. */
export async function evictionPolicyOf(client: RedisClient): Promise<string | undefined> {
  try {
    const answer = (await client.config('GET', 'maxmemory-policy')) as unknown;
    return Array.isArray(answer) ? (answer[1] as string | undefined) : undefined;
  } catch {
    // Managed services may rename or disable CONFIG.
    return undefined;
  }
}

export const EVICTING_SIGN_IN_REDIS = (policy: string) =>
  `SIGN_IN_REDIS_URL names a Redis with maxmemory-policy ${policy}: when it is full it would delete people's sign-ins, grants and clients. Sign-in refuses it: set maxmemory-policy noeviction on that Redis (docs/operations.md)`;

const sharedWarning = (policy: string | undefined) =>
  policy === undefined
    ? "Sign-in records share the cache's Redis, whose maxmemory-policy cannot be read (CONFIG GET refused): if it may evict keys, people can be signed out when Redis is full. Set SIGN_IN_REDIS_URL to a Redis with maxmemory-policy noeviction (docs/operations.md)"
    : `Sign-in records share the cache's Redis, whose maxmemory-policy is ${policy}: when it is full Redis deletes keys, people's sign-ins, grants and clients among them. Set SIGN_IN_REDIS_URL to a Redis with maxmemory-policy noeviction, or run this one with noeviction (docs/operations.md)`;

/**
 * The Redis sign-in keeps its records in: SIGN_IN_REDIS_URL's own (refused at boot unless its policy is
 * noeviction, checked again whenever it reconnects), else the shared one (a warning at boot unless its
 * policy is noeviction), else none (process memory).
 */
export async function signInRedis(app: FastifyInstance): Promise<RedisClient | undefined> {
  const url = app.config.SIGN_IN_REDIS_URL;
  const log = app.log.child({ component: 'sign-in' });
  if (!url) {
    const shared = app.redis;
    if (shared?.reachable) {
      const policy = await evictionPolicyOf(shared.client);
      if (policy !== 'noeviction') app.addHook('onListen', async () => log.warn(sharedWarning(policy)));
    }
    return shared?.client;
  }
  const { createRedisClient, closeRedisClient } = await import('../redis/redis-client.js');
  const client = createRedisClient(url);
  client.on('error', () => {});
  app.addHook('onClose', () => closeRedisClient(client));
  const check = async () => {
    const policy = await evictionPolicyOf(client);
    if (policy !== undefined && policy !== 'noeviction') return EVICTING_SIGN_IN_REDIS(policy);
    if (policy === undefined)
      log.warn(
        'SIGN_IN_REDIS_URL: maxmemory-policy cannot be read (CONFIG GET refused): make sure it is noeviction',
      );
    return undefined;
  };
  await client.connect().catch(() => {});
  if (client.status === 'ready') {
    const refused = await check();
    if (refused) {
      client.disconnect();
      throw new Error(refused);
    }
  } else log.warn('SIGN_IN_REDIS_URL cannot be reached yet: sign-in answers 503 until it can');
  client.on('ready', () => {
    void check().then((refused) => refused && log.error(refused));
  });
  return client;
}
