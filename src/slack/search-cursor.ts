/**
 * Our `next_cursor` for searches, one opaque string whatever Slack does underneath:
 * - `slack`: Slack sent a cursor of its own; we pass it back.
 * - `page`: Slack sent none (no recorded real body does); we ask for `page` next.
 * - `toMe`: to_me=true merges two searches; how far each side was consumed, and their totals
 *   from the first page, so every page says the same total.
 * - `rts`: the Real-time Search API's cursor, and how many matches earlier pages showed (it sends no total).
 */
export type SearchCursor =
  | { kind: 'slack'; cursor: string }
  | { kind: 'page'; page: number }
  | { kind: 'toMe'; offsets: [number, number]; totals: [number, number] }
  | { kind: 'rts'; cursor: string; seen: number };

const PREFIX = 'as1.';
/** Slack's `page` stops at 100. */
export const MAX_SLACK_PAGE = 100;

export function encodeSearchCursor(cursor: SearchCursor): string {
  const value =
    cursor.kind === 'slack'
      ? ['s', cursor.cursor]
      : cursor.kind === 'page'
        ? ['p', cursor.page]
        : cursor.kind === 'rts'
          ? ['r', cursor.cursor, cursor.seen]
          : ['m', ...cursor.offsets, ...cursor.totals];
  return PREFIX + Buffer.from(JSON.stringify(value)).toString('base64url');
}

const count = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;

/** Undefined for anything that is not a cursor this service wrote. */
export function decodeSearchCursor(raw: string): SearchCursor | undefined {
  if (!raw.startsWith(PREFIX)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const [kind, ...rest] = value;
  if (
    kind === 's' &&
    rest.length === 1 &&
    typeof rest[0] === 'string' &&
    rest[0].length > 0 &&
    rest[0].length < 1024
  )
    return { kind: 'slack', cursor: rest[0] };
  if (kind === 'p' && rest.length === 1 && count(rest[0]) && rest[0] >= 2 && rest[0] <= MAX_SLACK_PAGE)
    return { kind: 'page', page: rest[0] };
  if (
    kind === 'r' &&
    rest.length === 2 &&
    typeof rest[0] === 'string' &&
    rest[0].length > 0 &&
    rest[0].length < 1024 &&
    count(rest[1])
  )
    return { kind: 'rts', cursor: rest[0], seen: rest[1] };
  if (kind === 'm' && rest.length === 4 && rest.every(count))
    return { kind: 'toMe', offsets: [rest[0], rest[1]], totals: [rest[2], rest[3]] };
  return undefined;
}

/** The Slack pages (1-based, `count` a page) that hold results `offset` … `offset + count - 1`. */
export function pagesCovering(offset: number, count: number): number[] {
  const first = Math.floor(offset / count) + 1;
  const last = Math.floor((offset + count - 1) / count) + 1;
  return [first, last].filter((p, i, all) => p <= MAX_SLACK_PAGE && all.indexOf(p) === i);
}
