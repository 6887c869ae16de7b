import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CacheStatus } from '../cache/types.js';
import { Errors } from '../errors.js';
import {
  buildSearchQuery,
  type SearchFilters,
  type ToMeSide,
  toMeModifier,
} from '../slack/build-search-query.js';
import { dropTrailingToFit } from '../slack/byte-cap.js';
import { applyMinScore, dedupeThreads, toConciseMatch } from '../slack/format-search.js';
import { mergeMatches, type SearchPage, splitCount } from '../slack/merge-searches.js';
import { readSearchNextCursor } from '../slack/next-cursor.js';
import { conciseSearchHint, searchSummary, staleNote } from '../slack/summary.js';
import { decodeToMeCursor, encodeToMeCursor } from '../slack/to-me-cursor.js';
import type { SlackMatch } from '../slack/types.js';
import type { SlackAccess, SlackIdentity } from '../slack-client/types.js';
import { type SearchQuery, searchMessagesSchema } from './search-messages.schema.js';
import { splitCommaLists } from './split-comma-lists.js';
import { worstStatus } from './worst-status.js';

type Query = Static<typeof SearchQuery>;

interface Fetched extends SearchPage {
  status: CacheStatus;
  ageMs: number;
  body: Record<string, unknown>;
}

async function searchOnce(
  app: FastifyInstance,
  access: SlackAccess,
  query: string,
  q: Query,
  count: number,
  cursor: string,
) {
  const args = { query, count, cursor, sort: q.sort, sort_dir: q.sort_dir, highlight: q.highlight };
  const { value, status, ageMs } = await app.slack.search(access, args);
  const messages = (value.messages ?? {}) as { total?: number; matches?: SlackMatch[] };
  const page: Fetched = {
    query,
    status,
    ageMs,
    body: value,
    total: messages.total ?? 0,
    matches: messages.matches ?? [],
    nextCursor: readSearchNextCursor(value),
  };
  return page;
}

/** to_me=true: @-mentions and DMs are two Slack searches, paged together through one cursor of ours. */
async function searchToMe(
  app: FastifyInstance,
  access: SlackAccess,
  me: SlackIdentity,
  filters: SearchFilters,
  q: Query,
) {
  const state = q.cursor ? decodeToMeCursor(q.cursor) : { mention: '*', dm: '*' };
  if (!state) throw new Errors.BadRequest('querystring/cursor was not issued by a to_me=true search');
  const [mentionCount, dmCount] = splitCount(q.count);
  const run = (side: ToMeSide, cursor: string | null, count: number) =>
    cursor === null
      ? undefined
      : searchOnce(app, access, buildSearchQuery(filters, [toMeModifier(side, me.userId)]), q, count, cursor);
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
    matches: mergeMatches(pages, q.sort, q.sort_dir),
    nextCursor: next.mention || next.dm ? encodeToMeCursor(next) : undefined,
    note: `Total is the sum of two searches: ${mention?.total ?? 0} @-mentions in channels and ${dm?.total ?? 0} direct messages.`,
  };
}

export default async function searchMessagesRoute(app: FastifyInstance) {
  app.get(
    '/search/messages',
    {
      schema: searchMessagesSchema,
      onRequest: app.authenticate,
      preValidation: splitCommaLists(['channel_ids', 'from_users']),
    },
    async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      const q = request.query;
      if (!q.query && q.to_me === 'false')
        throw new Errors.BadRequest('querystring/query is required unless to_me is set');
      const access = app.slackAccess(request);
      const me = await app.slack.whoAmI(access);
      const filters: SearchFilters = {
        query: q.query,
        channelIds: q.channel_ids,
        fromUsers: q.from_users,
        after: q.after,
        before: q.before,
        on: q.on,
      };
      const notes: string[] = [];
      let result: {
        pages: Fetched[];
        query: string;
        total: number;
        matches: SlackMatch[];
        nextCursor?: string;
      };
      if (q.to_me === 'true') {
        const merged = await searchToMe(app, access, me, filters, q);
        notes.push(merged.note);
        result = merged;
      } else {
        const modifiers = q.to_me === 'false' ? [] : [toMeModifier(q.to_me, me.userId)];
        const page = await searchOnce(
          app,
          access,
          buildSearchQuery(filters, modifiers),
          q,
          q.count,
          q.cursor ?? '*',
        );
        result = { ...page, pages: [page] };
      }

      let matches = applyMinScore(result.matches, q.min_score);
      if (q.dedupe_threads) matches = dedupeThreads(matches);
      const filtered = result.matches.length - matches.length;
      if (filtered > 0) notes.push(`${filtered} weaker or same-thread matches were left out of this page.`);
      const status = worstStatus(result.pages.map((p) => p.status));
      if (status === 'STALE') notes.push(staleNote(Math.max(...result.pages.map((p) => p.ageMs))));

      const concise = q.response_format === 'concise';
      const list: unknown[] = concise
        ? matches.map((m) => toConciseMatch(m, { workspaceUrl: me.url, maxTextChars: q.max_text_chars }))
        : matches.slice();
      const single = result.pages.length === 1 && q.to_me !== 'true' ? result.pages[0].body : undefined;
      const body: Record<string, unknown> =
        concise || !single
          ? { ok: true, query: result.query, messages: { total: result.total, matches: list } }
          : { ...single, messages: { ...(single.messages as object), matches: list } };
      if (result.nextCursor) {
        body.response_metadata = {
          ...(concise ? {} : (body.response_metadata as object)),
          next_cursor: result.nextCursor,
        };
      }
      const summarise = (capNote?: string) => {
        body.summary = searchSummary({
          total: result.total,
          returned: list.length,
          hasMore: result.nextCursor !== undefined,
          notes: capNote ? [...notes, capNote] : notes,
          hint: concise
            ? conciseSearchHint((list as Array<{ thread_ts?: string }>).some((m) => m.thread_ts))
            : undefined,
        });
      };
      summarise();
      dropTrailingToFit(body, list, app.config.MAX_RESPONSE_BYTES, (dropped) =>
        summarise(
          `${dropped} matches were left out to keep the response under ${app.config.MAX_RESPONSE_BYTES} bytes; ask for a smaller count or set max_text_chars.`,
        ),
      );
      reply.header('x-cache', status);
      return body;
    },
  );
}
