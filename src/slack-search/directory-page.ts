import type { CacheStatus } from '../cache/types.js';
import { encodeFindCursor } from '../slack/find-cursor.js';

/** One page of a ranked directory search, and our cursor to the next. */
export function directoryPage<T>(ranked: T[], offset: number, count: number) {
  const items = ranked.slice(offset, offset + count);
  const more = offset + count < ranked.length;
  const next = more
    ? { response_metadata: { next_cursor: encodeFindCursor({ kind: 'offset', offset: offset + count }) } }
    : {};
  return { items, more, next };
}

/** How much of the directory a legacy search looked at: all of it, or what is loaded so far. */
export function searchedNote(entries: number, complete: boolean, what: 'channel' | 'person'): string {
  const plural = what === 'channel' ? 'channels' : 'people';
  if (complete) return `Searched all ${entries} ${entries === 1 ? what : plural} you can see.`;
  return `Searched only the ${entries} ${entries === 1 ? what : plural} loaded so far: the list is still loading from Slack, so search again in a minute for the rest.`;
}

/** The status of an answer built from several directories: MISS over STALE over HIT. */
export const worst = (...statuses: CacheStatus[]): CacheStatus =>
  statuses.includes('MISS') ? 'MISS' : statuses.includes('STALE') ? 'STALE' : 'HIT';
