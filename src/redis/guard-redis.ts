import type { CircuitBreaker } from './circuit-breaker.js';
import type { RedisClient } from './redis-client.js';
import { isOutage, type RedisErrorKind, redisErrorKind } from './redis-errors.js';

/** What a command gets while the circuit is open: no Redis round trip, no wait. */
export class RedisCircuitOpen extends Error {
  override readonly name = 'RedisCircuitOpen';
  constructor() {
    super('Redis circuit is open');
  }
}

// Client methods that are not commands: they pass through untouched.
const LIFECYCLE = new Set([
  'connect',
  'disconnect',
  'quit',
  'duplicate',
  'defineCommand',
  'on',
  'once',
  'off',
  'addListener',
  'prependListener',
  'prependOnceListener',
  'removeListener',
  'removeAllListeners',
  'emit',
  'listeners',
  'listenerCount',
  'rawListeners',
  'eventNames',
  'setMaxListeners',
  'getMaxListeners',
]);

/** Hears each failed command (see `RedisErrorReport`) and says the error's kind, if it is a Redis error. */
export type FailureObserver = (err: unknown, command: string) => RedisErrorKind | undefined;

function refuse(args: unknown[]): Promise<never> {
  const err = new RedisCircuitOpen();
  const callback = args.at(-1);
  const refused = Promise.reject(err);
  if (typeof callback === 'function') {
    refused.catch(() => {});
    queueMicrotask(() => (callback as (e: Error) => void)(err));
  }
  return refused;
}

/**
 * The same client, with every command going through the breaker: while it is open a command fails at once
 * (its callback too) without touching Redis; a command that times out, loses the connection or meets a
 * cluster that cannot serve its slot opens it. Every failure goes to `failed`.
 * Every user of Redis (cache, locks, rate gates, the API rate limit) takes this client, so one hung Redis
 * costs each request at most one command timeout, not one per command.
 */
export function guardRedis<C extends RedisClient>(
  client: C,
  breaker: CircuitBreaker,
  failed: FailureObserver = redisErrorKind,
): C {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || typeof prop !== 'string' || LIFECYCLE.has(prop)) return value;
      return (...args: unknown[]) => {
        if (breaker.isOpen) return refuse(args);
        const result = value.apply(target, args);
        if (result && typeof (result as Promise<unknown>).then === 'function') {
          (result as Promise<unknown>).then(
            () => {},
            (err) => {
              const kind = failed(err, prop);
              if (kind && isOutage(kind)) breaker.trip((err as Error).message);
            },
          );
        }
        return result;
      };
    },
  });
}
