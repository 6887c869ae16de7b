import { Errors } from '../errors.js';
import { count, decodeCursor, encodeCursor } from '../slack/cursor-codec.js';

/**
 * One source of a search across workspaces: its total as last seen (so every page says the same sum), and
 * where it resumes (its own cursor, `''` for its first page, and how many hits of that page were shown),
 * absent once it has ended.
 */
export interface SourcePosition {
  total: number;
  resume?: { at: string; skip: number };
}

/** One cursor for a search across workspaces: each source (a workspace, or an org token's one search) by its key. */
export type AcrossCursor = Map<string, SourcePosition>;

const PREFIX = 'aw1.';
/** What a cursor parameter takes (schemas/slack.ts `Cursor`): a longer one could not come back. */
export const MAX_ACROSS_CURSOR = 1024;
const MAX_SOURCES = 50;
const KEY = /^[A-Za-z0-9+]{1,400}$/;

export const isAcrossCursor = (raw: string | undefined): boolean => raw?.startsWith(PREFIX) === true;

/** `undefined` when the encoded cursor would be longer than a cursor parameter takes. */
export function encodeAcrossCursor(cursor: AcrossCursor): string | undefined {
  const value = [...cursor].map(([key, p]) =>
    p.resume ? [key, p.total, p.resume.at, p.resume.skip] : [key, p.total],
  );
  const encoded = encodeCursor(PREFIX, value);
  return encoded.length <= MAX_ACROSS_CURSOR ? encoded : undefined;
}

function entryOf(v: unknown): [string, SourcePosition] | undefined {
  if (!Array.isArray(v) || typeof v[0] !== 'string' || !KEY.test(v[0]) || !count(v[1])) return undefined;
  if (v.length === 2) return [v[0], { total: v[1] }];
  const [key, total, at, skip] = v;
  if (
    v.length !== 4 ||
    typeof at !== 'string' ||
    at.length >= MAX_ACROSS_CURSOR ||
    !count(skip) ||
    skip > 1000
  )
    return undefined;
  return [key, { total, resume: { at, skip } }];
}

/**
 * The positions in `raw` for the sources searched now (by key), or a 400 naming what is wrong: not a cursor of a
 * search across workspaces, unreadable, or issued for other workspaces.
 */
export function decodeAcrossCursor(raw: string, keys: string[], param: string): AcrossCursor {
  if (!isAcrossCursor(raw))
    throw new Errors.BadRequest(`${param} was not issued by a search across several workspaces`);
  const value = decodeCursor(PREFIX, raw);
  const entries = value && value.length <= MAX_SOURCES ? value.map(entryOf) : undefined;
  if (!entries || entries.some((e) => e === undefined))
    throw new Errors.BadRequest(`${param} is damaged: it is not one this service wrote`);
  const cursor: AcrossCursor = new Map(entries as Array<[string, SourcePosition]>);
  const issued = [...cursor.keys()].sort().join(', ');
  if (cursor.size !== entries.length || issued !== [...keys].sort().join(', '))
    throw new Errors.BadRequest(
      `${param} was issued for the workspaces ${issued.replaceAll('+', ' and ')}, not for those searched now (${[...keys].sort().join(', ').replaceAll('+', ' and ')}): search again without it`,
    );
  return cursor;
}
