import type { Clock } from '../clock.js';
import type { RedisClient } from '../redis/redis-client.js';
import { MemoryRateGate } from './memory-rate-gate.js';
import type { Pace, RateGate } from './rate-gate.js';
import { RedisRateGate } from './redis-rate-gate.js';

export interface RateGateDeps {
  paces: Record<string, Pace>;
  appId: string;
  clock: Clock;
  /** Shared by every replica when set; in process memory otherwise. */
  redis?: RedisClient;
}

export function createRateGate({ paces, appId, clock, redis }: RateGateDeps): RateGate {
  return redis ? new RedisRateGate(redis, { paces, appId, clock }) : new MemoryRateGate(paces, clock);
}
