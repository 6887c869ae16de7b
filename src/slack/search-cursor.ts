import { count, decodeCursor, encodeCursor } from './cursor-codec.js';

/**
 * Our `next_cursor` for searches, one opaque string whatever Slack does underneath:
 * - `slack`: Slack sent a cursor of its own; we pass it back.
 * - `page`: Slack sent none (no recorded real body does); we ask for `page` next.
 * - `toMe`: to_me=true merges two searches; how far each side was consumed, and their totals
 *   from the first page, so every page says the same total.
 * - `rts`: the Real-time Search API's cursor, and how many matches earlier pages showed (it sends no total).
 * - `rtsToMe`: to_me=true on Real-time Search; where each side resumes (null: it has ended), and how many
 *   matches earlier pages showed.
 */
export type RtsSidePosition = { cursor: string; skip: number } | null;

export type SearchCursor =
  | { kind: 'slack'; cursor: string }
  | { kind: 'page'; page: number }
  | { kind: 'toMe'; offsets: [number, number]; totals: [number, number] }
  | { kind: 'rts'; cursor: string; seen: number }
  | { kind: 'rtsToMe'; sides: [RtsSidePosition, RtsSidePosition]; seen: number };

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
          : cursor.kind === 'rtsToMe'
            ? ['q', ...cursor.sides.map((p) => p && [p.cursor, p.skip]), cursor.seen]
            : ['m', ...cursor.offsets, ...cursor.totals];
  return encodeCursor(PREFIX, value);
}

const slackCursor = (v: unknown): v is string => typeof v === 'string' && v.length < 1024;

/** One side of an rtsToMe cursor: null, or [cursor ('' = first page), matches of that page shown]. */
function sidePosition(v: unknown): RtsSidePosition | undefined {
  if (v === null) return null;
  if (!Array.isArray(v) || v.length !== 2 || !slackCursor(v[0]) || !count(v[1]) || v[1] > 100)
    return undefined;
  return { cursor: v[0], skip: v[1] };
}

/** Undefined for anything that is not a cursor this service wrote. */
export function decodeSearchCursor(raw: string): SearchCursor | undefined {
  const value = decodeCursor(PREFIX, raw);
  if (!value) return undefined;
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
  if (kind === 'q' && rest.length === 3 && count(rest[2])) {
    const [mention, dm] = [sidePosition(rest[0]), sidePosition(rest[1])];
    if (mention !== undefined && dm !== undefined)
      return { kind: 'rtsToMe', sides: [mention, dm], seen: rest[2] };
  }
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
