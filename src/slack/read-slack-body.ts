import { Errors } from '../errors.js';
import { readPermalink } from './conversation-name.js';
import { filled, isObject, num, type SlackObject, str } from './slack-values.js';

export interface SearchBodyRead {
  matches: SlackObject[];
  total: number;
  /** 1-based page Slack answered, and how many pages it has, when it said so. */
  page?: number;
  pages?: number;
  /** Slack's own cursor, when it sends one (no recorded real body does). */
  nextCursor?: string;
}

export interface RepliesBodyRead {
  messages: SlackObject[];
  hasMore: boolean;
  nextCursor?: string;
}

const unreadable = (method: string, what: string) => new Errors.SlackUnreadableBody(method, what);

/** `user: ""` (bots, in Slack's own example) is no user. */
export const readUserId = (m: SlackObject): string | null => filled(m.user) ?? null;

/** A message's ts, from the permalink when Slack left it out; unreadable without either. */
export function readTs(m: SlackObject, method: string): string {
  const ts = filled(m.ts) ?? readPermalink(m.permalink)?.ts;
  if (!ts) throw unreadable(method, 'a message has no ts');
  return ts;
}

/** Where a match was posted: its channel (an object or a bare id), else its permalink; unreadable without. */
export function readChannelId(m: SlackObject, method: string): string {
  const id =
    (isObject(m.channel) ? filled(m.channel.id) : filled(m.channel)) ?? readPermalink(m.permalink)?.channel;
  if (!id) throw unreadable(method, 'a match says neither its channel nor its permalink');
  return id;
}

const cursorIn = (v: unknown) => (isObject(v) ? filled(v.next_cursor) : undefined);

/**
 * search.messages read defensively: matches must be a list of objects with a ts (or a permalink),
 * the total comes from `total`, `paging.total` or `pagination.total_count` (else the matches counted),
 * pages from `paging` or `pagination`; Slack's cursor from wherever it puts one.
 */
export function readSearchBody(body: SlackObject): SearchBodyRead {
  const method = 'search.messages';
  if (body.messages !== undefined && !isObject(body.messages))
    throw unreadable(method, 'messages is not an object');
  const messages = isObject(body.messages) ? body.messages : {};
  const list = messages.matches ?? [];
  if (!Array.isArray(list)) throw unreadable(method, 'messages.matches is not a list');
  if (!list.every(isObject)) throw unreadable(method, 'a match is not an object');
  for (const m of list) {
    readTs(m, method);
    readChannelId(m, method);
  }
  const paging = isObject(messages.paging) ? messages.paging : {};
  const pagination = isObject(messages.pagination) ? messages.pagination : {};
  return {
    matches: list,
    total: num(messages.total) ?? num(paging.total) ?? num(pagination.total_count) ?? list.length,
    page: num(paging.page) ?? num(pagination.page),
    pages: num(paging.pages) ?? num(pagination.page_count),
    nextCursor: cursorIn(pagination) ?? cursorIn(paging) ?? cursorIn(body.response_metadata) ?? undefined,
  };
}

/** conversations.replies (or .history) read defensively: messages must be a list of objects with a ts. */
export function readRepliesBody(body: SlackObject, method = 'conversations.replies'): RepliesBodyRead {
  const list = body.messages ?? [];
  if (!Array.isArray(list)) throw unreadable(method, 'messages is not a list');
  if (!list.every(isObject)) throw unreadable(method, 'a message is not an object');
  for (const m of list) readTs(m, method);
  const nextCursor = cursorIn(body.response_metadata);
  // A cursor is more to read, unless Slack says there is none; has_more and the cursor then agree.
  const hasMore = nextCursor !== undefined && body.has_more !== false;
  return { messages: list, hasMore, ...(hasMore && { nextCursor }) };
}

const SLACK_USER_ID = /^[UW][A-Z0-9]{2,}$/;

/**
 * auth.test read defensively: the token's user (a user id: it goes into to_me queries) and workspace. An
 * org-wide token (`is_enterprise_install`) names its organisation; its `team_id` may be the enterprise id,
 * null or absent (Slack's docs leave it open), so it never names the workspace: `teamId` is then the
 * organisation's id, and the workspaces come from auth.teams.list.
 */
export function readAuthBody(body: SlackObject): {
  userId: string;
  teamId: string;
  url: string;
  scopes?: string[];
  enterpriseId?: string;
  orgWide?: boolean;
  teamName?: string;
} {
  const method = 'auth.test';
  const userId = filled(body.user_id);
  if (!userId || !SLACK_USER_ID.test(userId)) throw unreadable(method, 'user_id is not a user id');
  const enterpriseId = filled(body.enterprise_id);
  const orgWide = body.is_enterprise_install === true;
  const teamId = orgWide ? (enterpriseId ?? filled(body.team_id)) : filled(body.team_id);
  if (!teamId) throw unreadable(method, orgWide ? 'enterprise_id is missing' : 'team_id is missing');
  const teamName = filled(body.team);
  // The token's scopes (the SDK lifts them from the x-oauth-scopes header) choose the search backend.
  const scopes = isObject(body.response_metadata) ? body.response_metadata.scopes : undefined;
  return {
    userId,
    teamId,
    url: filled(body.url) ?? '',
    ...(Array.isArray(scopes) ? { scopes: scopes.filter((s): s is string => typeof s === 'string') } : {}),
    ...(enterpriseId ? { enterpriseId } : {}),
    ...(orgWide ? { orgWide } : {}),
    ...(teamName ? { teamName } : {}),
  };
}

/** Whom a message names: its author, the other side of a DM, `<@U…>` mentions and rich_text users. */
export function mentionedUserIds(m: SlackObject): string[] {
  const ids = new Set<string>();
  const author = readUserId(m);
  if (author) ids.add(author);
  const channelUser = isObject(m.channel) ? filled(m.channel.user) : undefined;
  if (channelUser) ids.add(channelUser);
  const words = JSON.stringify([str(m.text) ?? '', m.blocks ?? null, m.attachments ?? null]);
  for (const hit of words.matchAll(/<@([UW][A-Z0-9]{2,})|"user_id":"([UW][A-Z0-9]{2,})"/g)) {
    ids.add(hit[1] ?? hit[2]);
  }
  return [...ids];
}
