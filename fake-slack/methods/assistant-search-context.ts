import { permalinkFor } from '../permalink.js';
import { rtsChannels, rtsFiles, rtsUsers } from '../rts-other-results.js';
import { matchesQuery, type SearchScope } from '../search-filter.js';
import { parseSearchQuery } from '../search-query.js';
import { scoreText, searchableText } from '../search-text.js';
import { concepts, semanticScore } from '../semantic-match.js';
import { fail, invalidArguments } from '../slack-error.js';
import { channelName, compareTs, messageKey, type WorkspaceIndex } from '../workspace-index.js';
import type { ChannelKind, WorkspaceMessage } from '../workspace-types.js';
import { isTrue, type MethodContext, type MethodSpec, requireScope } from './method-context.js';

/** Slack's Real-time Search: `assistant.search.context` for messages (user tokens, no action_token). */
const TYPES: Record<string, { kind: ChannelKind; scope: string }> = {
  public_channel: { kind: 'public', scope: 'search:read.public' },
  private_channel: { kind: 'private', scope: 'search:read.private' },
  im: { kind: 'im', scope: 'search:read.im' },
  mpim: { kind: 'mpim', scope: 'search:read.mpim' },
};
const MAX_QUERY_CHARS = 1000;
const CONTENT_TYPES = ['messages', 'files', 'channels', 'users'];
const QUESTION = /^\s*(what|what's|where|when|who|whom|whose|why|which|how)\b/i;
const MODIFIER_TOKEN = /(^|\s)(-?\w+:\S+|<@[UW][A-Z0-9]+>)/g;

const encodeCursor = (offset: number) => Buffer.from(`rts:${offset}`).toString('base64');
function decodeCursor(cursor: string): number {
  const decoded = Buffer.from(cursor, 'base64').toString('utf8');
  const match = /^rts:(\d+)$/.exec(decoded);
  if (!match || encodeCursor(Number(match[1])) !== cursor) fail('invalid_cursor');
  return Number(match[1]);
}

function readLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 20;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 20)
    invalidArguments('limit must be an integer from 1 to 20 [json-pointer:/limit]');
  return Number(raw);
}

/** Up to two messages either side: from the thread for thread messages, else the channel's top level. */
function contextMessages(message: WorkspaceMessage, index: WorkspaceIndex) {
  const parentKey = messageKey(message.channel, message.threadTs ?? message.ts);
  const threaded = message.threadTs !== undefined || (index.replies.get(parentKey)?.length ?? 0) > 0;
  const timeline = threaded
    ? [index.messages.get(parentKey), ...(index.replies.get(parentKey) ?? [])].filter((m) => m !== undefined)
    : (index.byChannel.get(message.channel) ?? []).filter((m) => !m.threadTs || m.threadTs === m.ts);
  const at = timeline.findIndex((m) => m.ts === message.ts);
  const shape = (m: WorkspaceMessage) => ({ text: m.text, user_id: m.user, ts: m.ts });
  return {
    before: timeline.slice(Math.max(0, at - 2), Math.max(0, at)).map(shape),
    after: timeline.slice(at + 1, at + 3).map(shape),
  };
}

function toResult(message: WorkspaceMessage, ctx: MethodContext, withContext: boolean) {
  const { index } = ctx;
  const channel = index.channels.get(message.channel);
  const author = index.users.get(message.user);
  const isReply = message.threadTs !== undefined && message.threadTs !== message.ts;
  return {
    author_name: author?.displayName ?? author?.realName ?? author?.name ?? '',
    author_user_id: message.user,
    team_id: index.teamOf(message.channel).id,
    channel_id: message.channel,
    channel_name: channel ? channelName(channel, index) : '',
    message_ts: message.ts,
    ...(isReply ? { thread_ts: message.threadTs } : {}),
    content: message.text,
    is_author_bot: author?.isBot === true,
    permalink: permalinkFor(index.teamOf(message.channel), message),
    ...(isTrue(ctx.params.include_message_blocks) ? { blocks: [] } : {}),
    ...(withContext ? { context_messages: contextMessages(message, index) } : {}),
  };
}

function handle(ctx: MethodContext) {
  requireScope(ctx, 'search:read.public');
  const raw = ctx.params.query ?? '';
  if (raw.trim() === '') fail('missing_query');
  if (raw.length > MAX_QUERY_CHARS) fail('query_too_long');
  const types = (ctx.params.channel_types || 'public_channel').split(',').map((t) => t.trim());
  for (const type of types) {
    const known = TYPES[type];
    if (!known) invalidArguments(`unknown channel type ${type} [json-pointer:/channel_types]`);
    requireScope(ctx, known.scope);
  }
  const kinds = new Set<ChannelKind | undefined>(types.map((t) => TYPES[t]?.kind));
  const limit = readLimit(ctx.params.limit);
  const offset = ctx.params.cursor ? decodeCursor(ctx.params.cursor) : 0;
  const query = parseSearchQuery(raw);
  const contentTypes = (ctx.params.content_types || 'messages').split(',').map((t) => t.trim());
  for (const type of contentTypes) {
    if (!CONTENT_TYPES.includes(type))
      invalidArguments(`unknown content type ${type} [json-pointer:/content_types]`);
    if (type === 'files') requireScope(ctx, 'search:read.files');
    if (type === 'users') requireScope(ctx, 'search:read.users');
  }
  if (!contentTypes.includes('messages')) return otherResults(ctx, query, contentTypes, kinds, limit, offset);
  const words = raw.replace(MODIFIER_TOKEN, ' ').trim();
  const semantic =
    ctx.index.team.aiSearch === true &&
    !isTrue(ctx.params.disable_semantic_search) &&
    (QUESTION.test(words) || words.endsWith('?'));
  const question = concepts(query.terms.join(' '));
  // By meaning: the modifiers still filter, the words are matched as concepts instead of keywords.
  const filter = semantic ? { ...query, terms: [] } : query;
  const scope: SearchScope = { index: ctx.index, viewerId: ctx.token.userId };
  const after = Number(ctx.params.after ?? 0) || 0;
  const before = Number(ctx.params.before ?? 0) || Number.POSITIVE_INFINITY;
  const hits = ctx.index.all
    .filter((m) => kinds.has(ctx.index.channels.get(m.channel)?.kind))
    .filter((m) => Number(m.ts) >= after && Number(m.ts) < before && matchesQuery(filter, m, scope))
    .map((m) => {
      const text = searchableText(m);
      return { message: m, score: semantic ? semanticScore(question, text) : scoreText(query, text) };
    })
    .filter((hit) => !semantic || hit.score > 0);
  const byTime = ctx.params.sort === 'timestamp';
  hits.sort((a, b) => (byTime ? 0 : b.score - a.score) || compareTs(b.message.ts, a.message.ts));
  if (ctx.params.sort_dir === 'asc') hits.reverse();
  if (offset > hits.length) fail('invalid_cursor');
  const page = hits.slice(offset, offset + limit);
  const withContext = isTrue(ctx.params.include_context_messages);
  return {
    ok: true,
    results: { messages: page.map((hit) => toResult(hit.message, ctx, withContext)) },
    response_metadata: { next_cursor: offset + limit < hits.length ? encodeCursor(offset + limit) : '' },
  };
}

/** Files, channels and users (without messages): each type paged by the same offset, best first. */
function otherResults(
  ctx: MethodContext,
  query: ReturnType<typeof parseSearchQuery>,
  contentTypes: string[],
  kinds: Set<ChannelKind | undefined>,
  limit: number,
  offset: number,
) {
  const byTime = ctx.params.sort === 'timestamp';
  const results: Record<string, unknown[]> = {};
  let more = false;
  for (const type of contentTypes) {
    const hits =
      type === 'files'
        ? rtsFiles(ctx, query)
        : type === 'channels'
          ? rtsChannels(ctx, query, kinds)
          : rtsUsers(ctx, query);
    hits.sort((a, b) => (byTime ? 0 : b.score - a.score) || b.at - a.at);
    if (ctx.params.sort_dir === 'asc') hits.reverse();
    results[type] = hits.slice(offset, offset + limit).map((h) => h.result);
    more ||= offset + limit < hits.length;
  }
  return { ok: true, results, response_metadata: { next_cursor: more ? encodeCursor(offset + limit) : '' } };
}

export const assistantSearchContext: MethodSpec = {
  acceptedScopes: ['search:read.public'],
  userTokenOnly: true,
  handle,
};
