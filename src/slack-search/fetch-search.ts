import type { Cached } from '../cache/types.js';
import { Errors } from '../errors.js';
import type { SearchMessagesParams } from '../schemas/search-messages.js';
import {
  buildSearchQuery,
  type SearchFilters,
  type ToMeSide,
  toMeModifier,
} from '../slack/build-search-query.js';
import { mergeMatches, type SearchPage, splitCount } from '../slack/merge-searches.js';
import { readSearchNextCursor } from '../slack/next-cursor.js';
import { decodeToMeCursor, encodeToMeCursor } from '../slack/to-me-cursor.js';
import type { SlackMatch } from '../slack/types.js';
import type { Wording } from '../slack/wording.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess, SlackBody, SlackIdentity } from '../slack-client/types.js';

type Fetched = SearchPage & Cached<SlackBody>;

/** The Slack searches one request ran, and their matches as one list. */
export interface FoundMatches {
  pages: Fetched[];
  query: string;
  total: number;
  matches: SlackMatch[];
  nextCursor?: string;
  /** Sentences for the summary about how the matches were found. */
  notes: string[];
}

async function searchOnce(
  slack: SlackGateway,
  access: SlackAccess,
  query: string,
  params: SearchMessagesParams,
  count: number,
  cursor: string,
): Promise<Fetched> {
  const { sort, sort_dir, highlight } = params;
  const cached = await slack.search(access, { query, count, cursor, sort, sort_dir, highlight });
  const messages = (cached.value.messages ?? {}) as { total?: number; matches?: SlackMatch[] };
  return {
    ...cached,
    query,
    total: messages.total ?? 0,
    matches: messages.matches ?? [],
    nextCursor: readSearchNextCursor(cached.value),
  };
}

/** to_me=true: @-mentions and DMs are two Slack searches, paged together through one cursor of ours. */
async function searchToMe(
  slack: SlackGateway,
  access: SlackAccess,
  me: SlackIdentity,
  filters: SearchFilters,
  params: SearchMessagesParams,
  wording: Wording,
): Promise<FoundMatches> {
  const state = params.cursor ? decodeToMeCursor(params.cursor) : { mention: '*', dm: '*' };
  if (!state) throw new Errors.BadRequest(`${wording.param('cursor')} was not issued by a to_me=true search`);
  const [mentionCount, dmCount] = splitCount(params.count);
  const run = (side: ToMeSide, cursor: string | null, count: number) =>
    cursor === null
      ? undefined
      : searchOnce(
          slack,
          access,
          buildSearchQuery(filters, [toMeModifier(side, me.userId)]),
          params,
          count,
          cursor,
        );
  const [mention, dm] = await Promise.all([
    run('mention', state.mention, mentionCount),
    run('dm', state.dm, dmCount),
  ]);
  const pages = [mention, dm].filter((p): p is Fetched => p !== undefined);
  const next = { mention: mention?.nextCursor ?? null, dm: dm?.nextCursor ?? null };
  return {
    pages,
    query: buildSearchQuery(filters, [
      `(${toMeModifier('mention', me.userId)} | ${toMeModifier('dm', me.userId)})`,
    ]),
    total: pages.reduce((n, p) => n + p.total, 0),
    matches: mergeMatches(pages, params.sort, params.sort_dir),
    nextCursor: next.mention || next.dm ? encodeToMeCursor(next) : undefined,
    notes: [
      `Total is the sum of two searches: ${mention?.total ?? 0} @-mentions in channels and ${dm?.total ?? 0} direct messages.`,
    ],
  };
}

/** Runs the Slack search (or, with to_me=true, the two) that the parameters ask for. */
export async function fetchMatches(
  slack: SlackGateway,
  access: SlackAccess,
  me: SlackIdentity,
  params: SearchMessagesParams,
  wording: Wording,
): Promise<FoundMatches> {
  const filters: SearchFilters = {
    query: params.query,
    channelIds: params.channel_ids,
    fromUsers: params.from_users,
    after: params.after,
    before: params.before,
    on: params.on,
  };
  if (params.to_me === 'true') return searchToMe(slack, access, me, filters, params, wording);
  const modifiers = params.to_me === 'false' ? [] : [toMeModifier(params.to_me, me.userId)];
  const query = buildSearchQuery(filters, modifiers);
  const page = await searchOnce(slack, access, query, params, params.count, params.cursor ?? '*');
  return { ...page, pages: [page], notes: [] };
}
