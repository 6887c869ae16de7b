import { count, decodeCursor, encodeCursor } from './cursor-codec.js';

/**
 * Our `next_cursor` for file, channel and people searches, opaque to callers and naming the backend that
 * issued it, so the same backend serves it: `rts` (Slack's real-time search cursor and how many were seen),
 * `page` (search.files' next page), `offset` (into a ranked directory).
 */
export type FindCursor =
  | { kind: 'rts'; cursor: string; seen: number }
  | { kind: 'page'; page: number }
  | { kind: 'offset'; offset: number };

const PREFIX = 'asf1.';

export function encodeFindCursor(c: FindCursor): string {
  const value =
    c.kind === 'rts' ? ['r', c.cursor, c.seen] : c.kind === 'page' ? ['p', c.page] : ['o', c.offset];
  return encodeCursor(PREFIX, value);
}

/** Undefined for anything this service did not write. */
export function decodeFindCursor(raw: string): FindCursor | undefined {
  const value = decodeCursor(PREFIX, raw);
  if (!value) return undefined;
  const [kind, a, b] = value;
  if (
    kind === 'r' &&
    value.length === 3 &&
    typeof a === 'string' &&
    a.length > 0 &&
    a.length < 1024 &&
    count(b)
  )
    return { kind: 'rts', cursor: a, seen: b };
  if (kind === 'p' && value.length === 2 && count(a) && a >= 2 && a <= 100) return { kind: 'page', page: a };
  if (kind === 'o' && value.length === 2 && count(a) && a <= 100_000) return { kind: 'offset', offset: a };
  return undefined;
}
