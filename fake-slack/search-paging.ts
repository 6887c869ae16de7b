import type { SearchCursorLocation } from './fake-slack-types.js';
import { fail, invalidArguments } from './slack-error.js';

export interface SearchWindow {
  offset: number;
  count: number;
  page: number;
  cursorMode: boolean;
}

function intArg(params: Record<string, string>, name: string, fallback: number, max: number): number {
  const raw = params[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) invalidArguments(`must be an integer [json-pointer:/${name}]`);
  const value = Number(raw);
  if (value < 1) invalidArguments(`must be no smaller than 1 [json-pointer:/${name}]`);
  if (value > max) invalidArguments(`must be no larger than ${max} [json-pointer:/${name}]`);
  return value;
}

export const encodeSearchCursor = (offset: number): string =>
  Buffer.from(`offset:${offset}`).toString('base64');

export function decodeSearchCursor(cursor: string): number {
  if (cursor === '*') return 0;
  const decoded = Buffer.from(cursor, 'base64');
  const match = /^offset:(\d+)$/.exec(decoded.toString('utf8'));
  if (!match || decoded.toString('base64') !== cursor) fail('invalid_cursor');
  return Number(match[1]);
}

/** count (default 20, max 100), page (1-based, max 100) or cursor (`*`, then next_cursor). Loud on bad values. */
export function readSearchWindow(
  params: Record<string, string>,
  location: SearchCursorLocation,
): SearchWindow {
  const count = intArg(params, 'count', 20, 100);
  const cursor = params.cursor;
  if (cursor !== undefined && cursor !== '' && location !== 'none') {
    const offset = decodeSearchCursor(cursor);
    return { offset, count, page: Math.floor(offset / count) + 1, cursorMode: true };
  }
  const page = intArg(params, 'page', 1, 100);
  return { offset: (page - 1) * count, count, page, cursorMode: false };
}

/** `messages.pagination` / `messages.paging` (and a top-level response_metadata when configured). */
export function pagingFields(
  total: number,
  window: SearchWindow,
  returned: number,
  location: SearchCursorLocation,
) {
  const pageCount = Math.ceil(total / window.count);
  const end = window.offset + returned;
  const next = window.cursorMode && end < total ? { next_cursor: encodeSearchCursor(end) } : {};
  const at = (where: SearchCursorLocation) => (location === where || location === 'all' ? next : {});
  return {
    pagination: {
      total_count: total,
      page: window.page,
      per_page: window.count,
      page_count: pageCount,
      first: window.offset + 1,
      last: end,
      ...at('pagination'),
    },
    paging: { count: window.count, total, page: window.page, pages: pageCount, ...at('paging') },
    responseMetadata: 'next_cursor' in next ? at('response_metadata') : {},
  };
}
