import type { CacheStatus } from '../cache/types.js';
import { encodeFindCursor } from '../slack/find-cursor.js';
import type { DirectoryProgress, DirectoryView } from './directory.js';
import type { DirectoryRecord } from './directory-held.js';

/** One page of a ranked directory search, and our cursor to the next. */
export function directoryPage<T>(ranked: T[], offset: number, count: number) {
  const items = ranked.slice(offset, offset + count);
  const more = offset + count < ranked.length;
  const next = more
    ? { response_metadata: { next_cursor: encodeFindCursor({ kind: 'offset', offset: offset + count }) } }
    : {};
  return { items, more, next };
}

/** How much of its directories a legacy search looked at (the `searched` field). */
export interface Searched {
  entries: number;
  complete: boolean;
  /** While loading: entries Slack listed in the last minute. */
  per_minute?: number;
  /** The directory stopped at its bound with more in Slack's list. */
  bounded?: true;
}

/**
 * The records of one or more directories that match `query` and `keep`, best first (ties by `tieBreak`,
 * then in the order given), and how much was searched: the records `keep` let in, and how far the loads are.
 */
export function searchDirectories<T extends DirectoryRecord>(
  views: DirectoryView<T>[],
  query: string,
  keep: (record: T) => boolean,
  tieBreak: (a: T, b: T) => number = () => 0,
): { ranked: T[]; searched: Searched } {
  let entries = 0;
  const hits: Array<{ record: T; score: number }> = [];
  for (const view of views) {
    const found = view.held?.search(query, keep);
    entries += found?.kept ?? 0;
    if (found) hits.push(...found.hits);
  }
  hits.sort((a, b) => b.score - a.score || tieBreak(a.record, b.record));
  return { ranked: hits.map((hit) => hit.record), searched: searchedOf(entries, views) };
}

function searchedOf(entries: number, views: DirectoryProgress[]): Searched {
  const loading = views.filter((v) => !v.complete && !v.bounded);
  const searched: Searched = { entries, complete: loading.length === 0 && !views.some((v) => v.bounded) };
  const paces = loading.map((v) => v.perMinute).filter((p): p is number => p !== undefined);
  if (paces.length > 0) searched.per_minute = paces.reduce((a, b) => a + b, 0);
  if (views.some((v) => v.bounded)) searched.bounded = true;
  return searched;
}

/** How much of the directory a legacy search looked at: all of it, what is loaded so far, or up to the bound. */
export function searchedNote(searched: Searched, what: 'channel' | 'person' | 'user group'): string {
  const { entries } = searched;
  const plural = what === 'person' ? 'people' : `${what}s`;
  const these = `${entries} ${entries === 1 ? what : plural}`;
  if (searched.complete) return `Searched all ${these} you can see.`;
  if (searched.bounded)
    return `Searched the first ${these} you can see: the list stops there (this service’s bound), so anyone past them is not found this way.`;
  const pace = searched.per_minute;
  if (pace === undefined)
    return `Searched only the ${these} loaded so far: the list is still loading from Slack, so search again in a minute for the rest.`;
  if (pace === 0)
    return `Searched only the ${these} loaded so far: Slack sent no more in the last minute (slow or failing); each search asks again.`;
  return `Searched only the ${these} loaded so far: Slack listed ${pace} more in the last minute and is still listing, so search again in a minute for the rest.`;
}

/** The status of an answer built from several directories: MISS over STALE over HIT. */
export const worst = (...statuses: CacheStatus[]): CacheStatus =>
  statuses.includes('MISS') ? 'MISS' : statuses.includes('STALE') ? 'STALE' : 'HIT';
