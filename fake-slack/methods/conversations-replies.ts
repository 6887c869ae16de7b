import { historyMessage } from '../message-shape.js';
import { decodeRepliesCursor, encodeRepliesCursor, readRepliesLimit, timeFilter } from '../replies-window.js';
import { fail } from '../slack-error.js';
import { messageKey, tsMicros } from '../workspace-index.js';
import type { WorkspaceMessage } from '../workspace-types.js';
import {
  type MethodContext,
  type MethodSpec,
  requireScope,
  scopeFor,
  visibleChannel,
} from './method-context.js';

interface Page {
  messages: WorkspaceMessage[];
  next?: WorkspaceMessage;
}

/**
 * The parent counts toward `limit` on the first page; continuation pages hold only replies unless
 * `repliesRepeatParent`, when they start with the parent again (Slack's behaviour here is disputed).
 */
function pageOf(ctx: MethodContext, parent: WorkspaceMessage, replies: WorkspaceMessage[]): Page {
  const limit = readRepliesLimit(ctx.params.limit, ctx.options.nonMarketplace);
  const cursor = ctx.params.cursor;
  const start = cursor ? decodeRepliesCursor(cursor, replies) : 0;
  const withParent = !cursor || ctx.options.repliesRepeatParent;
  const take = withParent ? Math.max(limit - 1, cursor ? 1 : 0) : limit;
  const end = Math.min(start + take, replies.length);
  return { messages: [...(withParent ? [parent] : []), ...replies.slice(start, end)], next: replies[end] };
}

function handle(ctx: MethodContext) {
  const channel = visibleChannel(ctx);
  requireScope(ctx, scopeFor(channel.kind, 'history'));
  const ts = ctx.params.ts ?? '';
  if (Number.isNaN(tsMicros(ts))) fail('thread_not_found');
  const target = ctx.index.messages.get(messageKey(channel.id, ts)) ?? fail('thread_not_found');
  const parent = ctx.index.messages.get(messageKey(channel.id, target.threadTs ?? target.ts)) ?? target;
  const inWindow = timeFilter(ctx.params);
  const replies = (ctx.index.replies.get(messageKey(channel.id, parent.ts)) ?? []).filter(inWindow);
  const page = pageOf(ctx, parent, replies);
  return {
    ok: true,
    messages: page.messages.map((message) => historyMessage(message, ctx.index, ctx.token.userId)),
    has_more: page.next !== undefined,
    ...(page.next ? { response_metadata: { next_cursor: encodeRepliesCursor(page.next.ts) } } : {}),
  };
}

export const conversationsReplies: MethodSpec = {
  acceptedScopes: ['channels:history', 'groups:history', 'im:history', 'mpim:history'],
  handle,
};
