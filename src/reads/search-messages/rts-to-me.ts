import { type ToMeSide, toMeModifier } from '../../slack/build-search-query.js';
import { mergeStreams } from '../../slack/merge-streams.js';
import { decodeSearchCursor, encodeSearchCursor, type RtsSidePosition } from '../../slack/search-cursor.js';
import { isObject, type SlackObject } from '../../slack/slack-values.js';
import type { RtsChannelType, RtsSearchArgs, RtsSearchBody } from '../../slack-client/rts.js';
import type { SlackAccess, SlackIdentity } from '../../slack-client/types.js';
import type { Wording } from '../wording.js';
import { badCursor } from './fetch-search.js';
import type { SearchMessagesParams } from './schemas.js';
import type { SearchOutcome } from './search-backend.js';

export const DM_TYPES: RtsChannelType[] = ['im', 'mpim'];

/** Where reading one query resumes: an RTS cursor ('' = the first page) and matches of that page already shown. */
export type RtsPosition = { cursor: string; skip: number };

/** What reading one query from a position found. */
export interface RtsSide {
  /** From the position on, in Slack's order. */
  matches: SlackObject[];
  /** Each page read: the cursor it was asked with, and how many matches it held. */
  pages: { cursor: string; size: number }[];
  bodies: RtsSearchBody[];
  originals: Map<SlackObject, unknown>;
  authorNames: Map<string, string>;
  /** The cursor after the last page read ('' when Slack sent none). */
  next: string;
  /** Slack sent no further cursor: nothing after these matches. */
  ended?: boolean;
  /** The per-user quota ran out after the first page: seconds until it allows more. */
  quotaSpentS?: number;
}

type ReadSide = (
  access: SlackAccess,
  base: Omit<RtsSearchArgs, 'limit'>,
  from: RtsPosition,
  want: number,
  wording: Wording,
) => Promise<RtsSide>;

/** An RTS answer's common part from the sides read: never cached, Slack's first body for detailed. */
export function rtsOutcome(
  sides: RtsSide | RtsSide[],
  queries: string[],
  semantic: boolean,
): Pick<
  SearchOutcome,
  'backend' | 'semantic' | 'live' | 'pages' | 'queries' | 'matches' | 'authorNames' | 'detailed'
> {
  const all = Array.isArray(sides) ? sides : [sides];
  const first = all.flatMap((s) => s.bodies)[0] ?? {};
  const originals = new Map(all.flatMap((s) => [...s.originals]));
  return {
    backend: 'rts',
    semantic,
    live: true,
    pages: [],
    queries,
    matches: all.length === 1 ? (all[0] as RtsSide).matches : [],
    authorNames: new Map(all.flatMap((s) => [...s.authorNames])),
    detailed: (selected) => ({
      ...first,
      results: {
        ...(isObject(first.results) ? first.results : {}),
        messages: selected.map((m) => originals.get(m)),
      },
    }),
  };
}

/** Where a side resumes after `consumed` of the matches read from `from`; undefined once it has ended. */
function positionAfter(side: RtsSide, from: RtsPosition, consumed: number): RtsSidePosition {
  let index = from.skip + consumed;
  for (const page of side.pages) {
    if (index < page.size) return { cursor: page.cursor, skip: index };
    index -= page.size;
  }
  return side.ended ? null : { cursor: side.next, skip: 0 };
}

interface ToMeDeps {
  readSide: ReadSide;
  base: (modifier: string[], only?: RtsChannelType[]) => Omit<RtsSearchArgs, 'limit'>;
  access: SlackAccess;
  me: SlackIdentity;
  params: SearchMessagesParams;
  wording: Wording;
  semantic: boolean;
  quotaNote: (shown: number, retryAfterS: number) => string;
}

/**
 * to_me=true on Real-time Search: @-mentions (every channel type the token may search) and DMs, two
 * queries merged in Slack's order, exactly `count` a page, a DM that mentions the user once. The cursor
 * keeps where each side resumes (its RTS cursor and the matches of that page already shown).
 */
export async function searchRtsToMe(d: ToMeDeps): Promise<SearchOutcome> {
  const { params, wording, me } = d;
  const ours = params.cursor ? decodeSearchCursor(params.cursor) : undefined;
  if (params.cursor && ours?.kind !== 'rtsToMe') badCursor(wording, 'real-time to_me=true');
  const from: RtsSidePosition[] =
    ours?.kind === 'rtsToMe'
      ? ours.sides
      : [
          { cursor: '', skip: 0 },
          { cursor: '', skip: 0 },
        ];
  const sides: ToMeSide[] = ['mention', 'dm'];
  const args = sides.map((side) =>
    d.base([toMeModifier(side, me.userId)], side === 'dm' ? DM_TYPES : undefined),
  );
  const read = await Promise.all(
    sides.map((_, i) => {
      const position = from[i];
      return position
        ? d.readSide(d.access, args[i] as Omit<RtsSearchArgs, 'limit'>, position, params.count, wording)
        : undefined;
    }),
  );
  const merged = mergeStreams(
    read.map((side) => side?.matches ?? []),
    params.count,
    params.sort,
    params.sort_dir,
  );
  const next = read.map((side, i) =>
    side ? positionAfter(side, from[i] as RtsPosition, merged.consumed[i] ?? 0) : null,
  );
  const seen = (ours?.kind === 'rtsToMe' ? ours.seen : 0) + merged.matches.length;
  const more = next.some((p) => p !== null);
  const spent = read.find((side) => side?.quotaSpentS !== undefined)?.quotaSpentS;
  const present = read.filter((side): side is RtsSide => side !== undefined);
  return {
    ...rtsOutcome(
      present,
      args.map((a) => a.query),
      d.semantic,
    ),
    matches: merged.matches,
    atLeast: more,
    total: seen,
    nextCursor: more
      ? encodeSearchCursor({ kind: 'rtsToMe', sides: [next[0] ?? null, next[1] ?? null], seen })
      : undefined,
    notes: [
      'Two real-time searches merged (see queries): @-mentions and direct messages; a DM that mentions you is in both and shown once.',
      ...(spent === undefined ? [] : [d.quotaNote(merged.matches.length, spent)]),
    ],
  };
}
