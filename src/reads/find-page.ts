import { encodeFindCursor } from '../slack/find-cursor.js';
import { isObject, objects } from '../slack/slack-values.js';
import { RTS_PAGE_LIMIT } from '../slack-client/rts.js';
import type { SlackAccess, SlackIdentity } from '../slack-client/types.js';
import { directoryPage, type Searched, searchedNote } from '../slack-search/directory-page.js';
import { type FindDeps, type RtsContent, rtsSearch } from './find-backend.js';

/** What a channel or people search's summary says: how many are shown of how many, notes, more to come. */
export interface DirectoryFound {
  shown: number;
  /** Undefined when Slack's real-time search has more and says no total. */
  total: number | undefined;
  more: boolean;
  notes: string[];
}

/** Our next_cursor over a real-time search page: Slack's cursor and how many earlier pages showed. */
export const rtsNext = (slackNext: string | undefined, seen: number) =>
  slackNext
    ? { response_metadata: { next_cursor: encodeFindCursor({ kind: 'rts', cursor: slackNext, seen }) } }
    : {};

/** The summary of a channel or people search; `next` is what to do with what was (or was not) found. */
export function directorySummary(
  nouns: readonly [one: string, many: string],
  found: DirectoryFound,
  next: string[],
): string {
  const { shown, total } = found;
  const n = total ?? shown;
  const head = `Found ${n} ${n === 1 ? nouns[0] : nouns[1]}${total !== undefined && shown < total ? `, showing ${shown}` : ''}.`;
  return [head, ...found.notes, ...(found.more ? ['Use next_cursor for more results.'] : []), ...next].join(
    ' ',
  );
}

/** One page of a ranked directory (legacy backend): its entries and the answer's common fields. */
export function legacyDirectoryPage<T>(
  params: { query: string; count: number },
  ranked: T[],
  searched: Searched,
  at: { offset: number; note?: string; what: 'channel' | 'person' },
  summarise: (found: DirectoryFound) => string,
) {
  const page = directoryPage(ranked, at.offset, params.count);
  const notes = [searchedNote(searched, at.what), at.note].filter((n): n is string => Boolean(n));
  const summary = summarise({ shown: page.items.length, total: ranked.length, more: page.more, notes });
  const base = {
    ok: true as const,
    query: params.query,
    backend: 'legacy' as const,
    searched,
    summary,
    ...page.next,
  };
  return { items: page.items, base };
}

/**
 * One real-time search page of channels or people: the results, the answer's common fields, and Slack's
 * body with those results and fields (response_format=detailed).
 */
export async function rtsDirectoryPage(
  deps: FindDeps,
  access: SlackAccess,
  me: SlackIdentity,
  content: RtsContent,
  params: { query: string; count: number },
  filters: Record<string, unknown>,
  cursor: { cursor: string; seen: number } | undefined,
  summarise: (found: DirectoryFound) => string,
) {
  const args = {
    query: params.query,
    limit: Math.min(RTS_PAGE_LIMIT, params.count),
    ...filters,
    ...(cursor ? { cursor: cursor.cursor } : {}),
  };
  const found = await rtsSearch(deps, access, me, content, args);
  const results = isObject(found.results) ? found.results : {};
  const list = objects(results[content.type]);
  const slackNext = found.response_metadata?.next_cursor || undefined;
  const seen = (cursor?.seen ?? 0) + list.length;
  const summary = summarise({
    shown: list.length,
    total: slackNext ? undefined : seen,
    more: Boolean(slackNext),
    notes: slackNext ? ["Slack's real-time search reports no total: there are more."] : [],
  });
  const base = {
    ok: true as const,
    query: params.query,
    backend: 'rts' as const,
    summary,
    ...rtsNext(slackNext, seen),
  };
  return { list, base, detailed: { ...found, ...base, results: { ...results, [content.type]: list } } };
}
