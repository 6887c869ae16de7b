import type { CacheStatus } from '../cache/types.js';

const RANK: Record<CacheStatus, number> = { HIT: 0, MISS: 1, STALE: 2 };

/** One X-Cache value for a response built from several cached reads. */
export function worstStatus(statuses: CacheStatus[]): CacheStatus {
  return statuses.reduce<CacheStatus>((worst, s) => (RANK[s] > RANK[worst] ? s : worst), 'HIT');
}
