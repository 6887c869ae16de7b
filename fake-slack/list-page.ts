import { fail } from './slack-error.js';

/** Slack's cursors are opaque base64 (`dXNlcjpV…` is `user:U…`): here base64 of `<kind>:<id>`. */
export const encodeListCursor = (kind: string, id: string) => Buffer.from(`${kind}:${id}`).toString('base64');

/**
 * One page of a cursor-paged list (users.list, conversations.list): from the entry the cursor names, at most
 * `limit` of them, and the cursor to the next page ("" on the last, as Slack sends it). `invalid_cursor` for
 * a cursor that names no entry of the list. `maxPage` is what Slack really sends at most, whatever the
 * `limit` (its docs: fewer than the requested number may be returned before the end of the list).
 */
export function listPage<T extends { id: string }>(
  entries: readonly T[],
  kind: string,
  cursor: string | undefined,
  limit: number,
  maxPage: number | undefined,
): { page: T[]; next: string } {
  let start = 0;
  if (cursor) {
    const decoded = Buffer.from(cursor, 'base64').toString('utf8');
    const id = decoded.startsWith(`${kind}:`) ? decoded.slice(kind.length + 1) : undefined;
    start = id === undefined ? -1 : entries.findIndex((e) => e.id === id);
    if (start === -1) fail('invalid_cursor');
  }
  const size = Math.min(limit, maxPage ?? limit);
  const page = entries.slice(start, start + size);
  const next = entries[start + size];
  return { page, next: next ? encodeListCursor(kind, next.id) : '' };
}
