import { createHash } from 'node:crypto';
import type { RedisClient } from './redis-client.js';

export type LuaScript = (
  redis: RedisClient,
  keys: string[],
  args: Array<string | number>,
) => Promise<unknown>;

/** A Lua script run by SHA (EVALSHA), loaded with EVAL the first time a server does not know it. */
export function luaScript(source: string): LuaScript {
  const sha = createHash('sha1').update(source).digest('hex');
  return async (redis, keys, args) => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!(err as Error).message?.startsWith('NOSCRIPT')) throw err;
      return redis.eval(source, keys.length, ...keys, ...args);
    }
  };
}

/** Deletes KEYS[1] only while it still holds ARGV[1] (a lock's owner, or the corrupt value just read). */
export const deleteIfEquals = luaScript(
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0",
);
