import type { Cached } from '../../cache/types.js';
import { Errors } from '../../errors.js';
import {
  buildSearchQuery,
  type SearchFilters,
  type ToMeSide,
  toMeModifier,
} from '../../slack/build-search-query.js';
import { mergeStreams } from '../../slack/merge-streams.js';
import { readSearchBody, type SearchBodyRead } from '../../slack/read-slack-body.js';
import {
  decodeSearchCursor,
  encodeSearchCursor,
  MAX_SLACK_PAGE,
  pagesCovering,
  type SearchCursor,
} from '../../slack/search-cursor.js';
import type { SlackObject } from '../../slack/slack-values.js';
import type { SlackGateway } from '../../slack-client/slack-gateway.js';
import type { SlackAccess, SlackBody, SlackIdentity } from '../../slack-client/types.js';
import type { Wording } from '../wording.js';
import type { SearchMessagesParams } from './schemas.js';

type Fetched = SearchBodyRead & Cached<SlackBody>;

/** The Slack searches one request ran, and their matches as one list. */
export interface FoundMatches {
  pages: Fetched[];
  /** Every query sent to Slack, in order. */
  queries: string[];
  total: number;
  matches: SlackObject[];
  nextCursor?: string;
  /** Sentences for the summary about how the matches were found. */
  notes: string[];
}

const PAGE_LIMIT_NOTE = `Slack returns no results past page ${MAX_SLACK_PAGE}; narrow the query (after:, before:, channel_ids) to reach older ones.`;

async function searchOnce(
  slack: SlackGateway,
  access: SlackAccess,
  query: string,
  params: SearchMessagesParams,
  position: { cursor: string } | { page: number },
): Promise<Fetched> {
  const { sort, sort_dir, highlight, count } = params;
  const cached = await slack.search(access, { query, count, sort, sort_dir, highlight, ...position });
  return { ...cached, ...readSearchBody(cached.value) };
}

export function badCursor(wording: Wording, kind: string): never {
  throw new Errors.BadRequest(`${wording.param('cursor')} was not issued by a ${kind} search`);
}

/**
 * Slack's cursor when it sends one; otherwise `page` up to `paging.pages` (every recorded real body),
 * behind one opaque cursor of ours. A cursor we did not write is passed to Slack as its own.
 */
async function searchPaged(
  slack: SlackGateway,
  access: SlackAccess,
  query: string,
  params: SearchMessagesParams,
  wording: Wording,
): Promise<FoundMatches> {
  const ours = params.cursor ? decodeSearchCursor(params.cursor) : undefined;
  if (ours?.kind === 'rts' || ours?.kind === 'rtsToMe') badCursor(wording, 'search.messages');
  if (ours?.kind === 'toMe')
    throw new Errors.BadRequest(
      `${wording.param('cursor')} was issued by a to_me=true search: send it with to_me=true`,
    );
  const position: { cursor: string } | { page: number } =
    ours?.kind === 'page'
      ? { page: ours.page }
      : { cursor: ours?.kind === 'slack' ? ours.cursor : (params.cursor ?? '*') };
  const found = await searchOnce(slack, access, query, params, position);
  const page = found.page ?? ('page' in position ? position.page : 1);
  const morePages = found.pages !== undefined && page < found.pages;
  let next: SearchCursor | undefined;
  if (found.nextCursor) next = { kind: 'slack', cursor: found.nextCursor };
  else if (morePages && page < MAX_SLACK_PAGE) next = { kind: 'page', page: page + 1 };
  return {
    pages: [found],
    queries: [query],
    total: found.total,
    matches: found.matches,
    nextCursor: next && encodeSearchCursor(next),
    notes: morePages && !next ? [PAGE_LIMIT_NOTE] : [],
  };
}

/** One side of to_me=true from `offset` on: the one or two Slack pages (`count` a page) that hold it. */
async function sideFrom(
  slack: SlackGateway,
  access: SlackAccess,
  query: string,
  params: SearchMessagesParams,
  offset: number,
): Promise<{ pages: Fetched[]; stream: SlackObject[] }> {
  const pageNumbers = pagesCovering(offset, params.count);
  const pages = await Promise.all(
    pageNumbers.map((page) => searchOnce(slack, access, query, params, { page })),
  );
  const skip = offset - ((pageNumbers[0] ?? 1) - 1) * params.count;
  return { pages, stream: pages.flatMap((p) => p.matches).slice(skip) };
}

/**
 * to_me=true: @-mentions and DMs are two Slack searches merged in order, exactly `count` a page; the
 * cursor keeps how far each was read and the totals of the first page, so every page says one total.
 */
async function searchToMe(
  slack: SlackGateway,
  access: SlackAccess,
  me: SlackIdentity,
  filters: SearchFilters,
  params: SearchMessagesParams,
  wording: Wording,
): Promise<FoundMatches> {
  const ours = params.cursor ? decodeSearchCursor(params.cursor) : undefined;
  if (params.cursor && ours?.kind !== 'toMe') badCursor(wording, 'to_me=true');
  const offsets = ours?.kind === 'toMe' ? ours.offsets : [0, 0];
  const sides: ToMeSide[] = ['mention', 'dm'];
  const queries = sides.map((side) => buildSearchQuery(filters, [toMeModifier(side, me.userId)]));
  const reachable = MAX_SLACK_PAGE * params.count;
  const known = ours?.kind === 'toMe' ? ours.totals : undefined;
  const read = await Promise.all(
    sides.map((_, i) =>
      known && offsets[i] >= Math.min(known[i], reachable)
        ? { pages: [], stream: [] }
        : sideFrom(slack, access, queries[i], params, offsets[i]),
    ),
  );
  const totals = known ?? read.map((r) => r.pages[0]?.total ?? 0);
  const merged = mergeStreams(
    read.map((r) => r.stream),
    params.count,
    params.sort,
    params.sort_dir,
  );
  const nextOffsets = offsets.map((o, i) => o + merged.consumed[i]) as [number, number];
  const more = nextOffsets.some((o, i) => o < Math.min(totals[i], reachable));
  const cursor: SearchCursor = { kind: 'toMe', offsets: nextOffsets, totals: [totals[0], totals[1]] };
  return {
    pages: read.flatMap((r) => r.pages),
    queries,
    total: totals[0] + totals[1],
    matches: merged.matches,
    nextCursor: more ? encodeSearchCursor(cursor) : undefined,
    notes: [
      `Total is the sum of two searches (see queries): ${totals[0]} @-mentions and ${totals[1]} direct messages; a DM that mentions you is in both and shown once.`,
    ],
  };
}

/** Runs the Slack search (or, with to_me=true, the two) that the parameters ask for. */
/** The request's filters, which both search backends turn into Slack search-bar modifiers. */
export function searchFilters(params: SearchMessagesParams): SearchFilters {
  return {
    query: params.query,
    channelIds: params.channel_ids,
    fromUsers: params.from_users,
    after: params.after,
    before: params.before,
    on: params.on,
  };
}

export async function fetchMatches(
  slack: SlackGateway,
  access: SlackAccess,
  me: Promise<SlackIdentity>,
  params: SearchMessagesParams,
  wording: Wording,
): Promise<FoundMatches> {
  const filters = searchFilters(params);
  if (params.to_me === 'true') return searchToMe(slack, access, await me, filters, params, wording);
  // Only to_me needs the user's id: otherwise Slack is asked without waiting for auth.test.
  const modifiers = params.to_me === 'false' ? [] : [toMeModifier(params.to_me, (await me).userId)];
  return searchPaged(slack, access, buildSearchQuery(filters, modifiers), params, wording);
}
