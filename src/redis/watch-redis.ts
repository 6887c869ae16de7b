import type { CircuitBreaker } from './circuit-breaker.js';
import type { RedisClient } from './redis-client.js';

export interface WatchOptions {
  /** How often Redis is pinged, healthy or not: a hung Redis is noticed without any traffic. @default 1000 */
  intervalMs?: number;
  /** A ping slower than this counts as a failure. @default 1000 */
  timeoutMs?: number;
  /** False keeps the breaker open even while PING answers (a Redis the service must not use). */
  usable?: () => boolean;
  /** Hears the client's own errors (failed reconnects). */
  onError?: (err: Error) => void;
}

function pingWithin(client: RedisClient, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    // Decided after the poll phase: a reply that came in while the event loop was busy elsewhere (a CPU-bound
    // moment of this process, not a hung Redis) is read first and wins the race.
    timer = setTimeout(() => setImmediate(() => reject(new Error(`PING took over ${ms} ms`))), ms);
  });
  const ping = client.ping().then(() => undefined);
  ping.catch(() => {});
  return Promise.race([ping, late]).finally(() => clearTimeout(timer));
}

/**
 * Feeds the breaker: a lost connection opens it at once, a periodic PING opens it when Redis hangs and
 * closes it once Redis answers again (after the breaker's open period). Returns the function that stops it.
 */
export function watchRedis(
  client: RedisClient,
  breaker: CircuitBreaker,
  options: WatchOptions = {},
): () => void {
  const { intervalMs = 1000, timeoutMs = 1000, usable = () => true } = options;
  let stopped = false;
  // The listeners stay for the client's life (without an 'error' listener ioredis prints every failed
  // reconnect attempt to stderr); once stopped they ignore the closing client.
  client.on('error', (err: Error) => {
    if (stopped) return;
    options.onError?.(err);
    breaker.trip(err.message);
  });
  client.on('close', () => stopped || breaker.trip('connection closed'));
  let probing = false;
  const probe = async () => {
    if (stopped || probing || !breaker.mayProbe) return;
    probing = true;
    try {
      await pingWithin(client, timeoutMs);
      if (usable()) breaker.succeed();
      else breaker.trip('not usable');
    } catch (err) {
      breaker.trip((err as Error).message);
    } finally {
      probing = false;
    }
  };
  const timer = setInterval(probe, intervalMs);
  timer.unref();
  client.on('ready', probe);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
