import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../cache/types.js';
import { Errors, withRetryAfter } from '../../errors.js';
import type { UserQuota } from '../../rate-gates/user-quota.js';
import { buildSearchQuery, toMeModifier } from '../../slack/build-search-query.js';
import { isQuestion, readRtsBody } from '../../slack/read-rts.js';
import { decodeSearchCursor, encodeSearchCursor } from '../../slack/search-cursor.js';
import { isObject } from '../../slack/slack-values.js';
import { slackCodeOf } from '../../slack-client/map-slack-error.js';
import {
  RTS_CHANNEL_SCOPES,
  RTS_DISABLED,
  RTS_INFO,
  RTS_PAGE_LIMIT,
  RTS_SEARCH,
  type RtsChannelType,
  type RtsInfoBody,
  type RtsSearchArgs,
  type RtsSearchBody,
} from '../../slack-client/rts.js';
import type { SlackGateway } from '../../slack-client/slack-gateway.js';
import type { SlackAccess, SlackIdentity } from '../../slack-client/types.js';
import { RTS_USER_QUOTA, RtsQuotaSpent } from '../rts-quota.js';
import type { Wording } from '../wording.js';
import { badCursor, searchFilters } from './fetch-search.js';
import { DM_TYPES, type RtsPosition, type RtsSide, rtsOutcome, searchRtsToMe } from './rts-to-me.js';
import type { SearchMessagesParams } from './schemas.js';
import type { SearchOutcome } from './search-backend.js';

/** How long a workspace's `is_ai_search_enabled` is reused (a failed lookup: a minute). */
const AI_SEARCH_MEMO_MS = 3_600_000;
const AI_SEARCH_RETRY_MS = 60_000;
/** Pause before the one retry of `assistant_search_context_disabled`. */
const DISABLED_RETRY_MS = 500;

export interface RtsSearchDeps {
  slack: SlackGateway;
  quota: UserQuota;
  clock: Clock;
  /** Retry-After for a 503 when Slack keeps answering assistant_search_context_disabled. */
  defaultRetryAfterS: number;
}

/** The channel types the token's scopes allow (all four when Slack did not say: it then names the missing scope). */
function channelTypes(me: SlackIdentity, only?: RtsChannelType[]): string {
  const all = Object.keys(RTS_CHANNEL_SCOPES) as RtsChannelType[];
  const allowed = me.scopes ? all.filter((t) => me.scopes?.includes(RTS_CHANNEL_SCOPES[t])) : all;
  const wanted = only ? allowed.filter((t) => only.includes(t)) : allowed;
  return (wanted.length > 0 ? wanted : (only ?? ['public_channel'])).join(',');
}

export const quotaNote = (shown: number, retryAfterS: number) =>
  `Slack allows ${RTS_USER_QUOTA.limit} real-time searches a minute per user (each page of ${RTS_PAGE_LIMIT} is one): this page stops at ${shown}; next_cursor works again in ${retryAfterS} s.`;

/** Real-time Search for the route's parameters, paging up to `count` within the per-user quota. */
class RtsSearcher {
  /** Per workspace: whether AI search is on, until when that is known. */
  readonly #aiSearch = new Map<string, { enabled: boolean; until: number }>();

  constructor(private readonly deps: RtsSearchDeps) {}

  async aiSearchEnabled(access: SlackAccess, teamId: string): Promise<boolean> {
    const now = this.deps.clock();
    const memo = this.#aiSearch.get(teamId);
    if (memo && memo.until > now) return memo.enabled;
    let enabled = false;
    let until = now + AI_SEARCH_RETRY_MS;
    try {
      const body = (await this.deps.slack.live(access, RTS_INFO, {})) as RtsInfoBody;
      enabled = body.is_ai_search_enabled === true;
      until = now + AI_SEARCH_MEMO_MS;
    } catch {
      // Unknown: keyword search is what Slack runs without AI search, so say that.
    }
    this.#aiSearch.set(teamId, { enabled, until });
    if (this.#aiSearch.size > 10_000) this.#aiSearch.delete(this.#aiSearch.keys().next().value as string);
    return enabled;
  }

  /** Books one of the user's Real-time Search calls, or says when the next is allowed. */
  readonly #admit = async (me: SlackIdentity) => {
    const waitMs = await this.deps.quota.take(`${me.teamId}:${me.userId}`);
    if (waitMs > 0) throw new RtsQuotaSpent(Math.ceil(waitMs / 1000));
  };

  /** One page; Slack's refusals of our arguments are 400s naming them, a disabled search is retried once. */
  async page(access: SlackAccess, args: RtsSearchArgs, wording: Wording): Promise<RtsSearchBody> {
    for (let attempt = 0; ; attempt++) {
      try {
        return (await this.deps.slack.live(access, RTS_SEARCH, { ...args }, this.#admit)) as RtsSearchBody;
      } catch (err) {
        const code = slackCodeOf(err);
        if (code === 'query_too_long')
          throw new Errors.BadRequest(`${wording.param('query')} is too long for Slack's real-time search`);
        if (code === 'invalid_cursor')
          throw new Errors.BadRequest(
            `${wording.param('cursor')} is not a cursor Slack's real-time search accepts`,
          );
        if (code !== RTS_DISABLED) throw err;
        if (attempt === 0 && this.deps.clock() + DISABLED_RETRY_MS < access.deadline) {
          await sleep(DISABLED_RETRY_MS);
          continue;
        }
        const s = this.deps.defaultRetryAfterS;
        throw withRetryAfter(new Errors.SlackSearchDisabled(s), s);
      }
    }
  }

  /**
   * Pages of one query from `from` (an RTS cursor, or '' for the first page; the first `skip` matches
   * dropped) until `want` matches or the end; a spent quota after the first page ends it early, noted.
   */
  readonly readSide = async (
    access: SlackAccess,
    base: Omit<RtsSearchArgs, 'limit'>,
    from: RtsPosition,
    want: number,
    wording: Wording,
  ): Promise<RtsSide> => {
    const side: RtsSide = {
      matches: [],
      pages: [],
      bodies: [],
      originals: new Map(),
      authorNames: new Map(),
      next: '',
    };
    let cursor = from.cursor;
    let skip = from.skip;
    while (side.matches.length < want) {
      const limit = Math.min(RTS_PAGE_LIMIT, want - side.matches.length + skip);
      let body: RtsSearchBody;
      try {
        body = await this.page(access, { ...base, limit, ...(cursor ? { cursor } : {}) }, wording);
      } catch (err) {
        if (!(err instanceof RtsQuotaSpent) || side.bodies.length === 0) throw err;
        side.quotaSpentS = err.retryAfterS;
        break;
      }
      const read = addPage(side, body, cursor, skip);
      skip = 0;
      cursor = read.nextCursor ?? '';
      if (!read.nextCursor) {
        side.ended = true;
        break;
      }
    }
    side.next = cursor;
    return side;
  };

  async search(
    access: SlackAccess,
    me: SlackIdentity,
    params: SearchMessagesParams,
    wording: Wording,
  ): Promise<SearchOutcome> {
    const question = isQuestion(params.query);
    const semantic = question ? this.aiSearchEnabled(access, me.teamId) : Promise.resolve(false);
    const base = (modifier: string[], only?: RtsChannelType[]) => searchArgs(params, me, modifier, only);
    if (params.to_me === 'true') {
      const { readSide } = this;
      const toMe = { readSide, base, access, me, params, wording, quotaNote };
      return searchRtsToMe({ ...toMe, semantic: await semantic });
    }
    const ours = params.cursor ? decodeSearchCursor(params.cursor) : undefined;
    if (ours && ours.kind !== 'rts') badCursor(wording, 'real-time');
    const modifiers = params.to_me === 'false' ? [] : [toMeModifier(params.to_me, me.userId)];
    const args = base(modifiers, params.to_me === 'dm' ? DM_TYPES : undefined);
    const from = { cursor: ours?.kind === 'rts' ? ours.cursor : (params.cursor ?? ''), skip: 0 };
    const side = await this.readSide(access, args, from, params.count, wording);
    const seen = (ours?.kind === 'rts' ? ours.seen : 0) + side.matches.length;
    const more = side.next !== '' && !side.ended;
    return {
      ...rtsOutcome(side, [args.query], await semantic),
      atLeast: more,
      total: seen,
      nextCursor: more ? encodeSearchCursor({ kind: 'rts', cursor: side.next, seen }) : undefined,
      notes: side.quotaSpentS === undefined ? [] : [quotaNote(side.matches.length, side.quotaSpentS)],
    };
  }
}

/** One page read into a side: its matches (past `skip`), Slack's objects behind them, their authors' names. */
function addPage(side: RtsSide, body: RtsSearchBody, cursor: string, skip: number) {
  const read = readRtsBody(body);
  side.bodies.push(body);
  const raw = isObject(body.results) && Array.isArray(body.results.messages) ? body.results.messages : [];
  for (const [i, m] of read.matches.entries()) side.originals.set(m, raw[i]);
  side.pages.push({ cursor, size: read.matches.length });
  side.matches.push(...read.matches.slice(skip));
  for (const [id, name] of read.authorNames) side.authorNames.set(id, name);
  return read;
}

/** A search's arguments but the page size: the query with `modifier`, the channel types allowed, the order. */
function searchArgs(
  params: SearchMessagesParams,
  me: SlackIdentity,
  modifier: string[],
  only?: RtsChannelType[],
): Omit<RtsSearchArgs, 'limit'> {
  return {
    query: buildSearchQuery(searchFilters(params), modifier),
    channel_types: channelTypes(me, only),
    content_types: 'messages',
    sort: params.sort,
    sort_dir: params.sort_dir,
    highlight: params.highlight,
    include_context_messages: params.include_context,
  };
}

export function createRtsSearch(deps: RtsSearchDeps) {
  const searcher = new RtsSearcher(deps);
  return (access: SlackAccess, me: SlackIdentity, params: SearchMessagesParams, wording: Wording) =>
    searcher.search(access, me, params, wording);
}

export type RtsSearch = ReturnType<typeof createRtsSearch>;
