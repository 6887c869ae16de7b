import type { Redis } from 'ioredis';
import type { CircuitBreaker } from './circuit-breaker.js';

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

// A reply error (NOSCRIPT, WRONGTYPE) means Redis answered: it is up. Timeouts and connection errors are not.
const isOutage = (err: unknown) =>
  !(err instanceof RedisCircuitOpen) && (err as Error)?.name !== 'ReplyError';

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
 * (its callback too) without touching Redis; a command that times out or loses the connection opens it.
 * Every user of Redis (cache, locks, rate gates, the API rate limit) takes this client, so one hung Redis
 * costs each request at most one command timeout, not one per command.
 */
export function guardRedis(client: Redis, breaker: CircuitBreaker): Redis {
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
              if (isOutage(err)) breaker.trip((err as Error).message);
            },
          );
        }
        return result;
      };
    },
  });
}
