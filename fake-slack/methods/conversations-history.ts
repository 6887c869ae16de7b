import { historyMessage } from '../message-shape.js';
import { decodeRepliesCursor, encodeRepliesCursor, readLimit, timeFilter } from '../replies-window.js';
import type { WorkspaceMessage } from '../workspace-types.js';
import {
  type MethodContext,
  type MethodSpec,
  requireScope,
  scopeFor,
  visibleChannel,
} from './method-context.js';

const given = (raw: string | undefined) => raw !== undefined && raw !== '' && raw !== '0';

/**
 * A channel's top-level messages (thread replies stay in their threads), newest first. A page holds the
 * `limit` messages closest to `latest` (default now) or, when only `oldest` is given, closest to `oldest`:
 * Slack's way to page forward. `has_more` and `response_metadata.next_cursor` while the window holds more;
 * the cursor carries on in the same direction (callers repeat the other arguments with it, as with Slack).
 */
function handle(ctx: MethodContext) {
  const channel = visibleChannel(ctx);
  requireScope(ctx, scopeFor(channel.kind, 'history'));
  const limit = readLimit(ctx.params.limit, ctx.options.nonMarketplace, { fallback: 100, max: 999 });
  const inWindow = timeFilter(ctx.params);
  const forward = given(ctx.params.oldest) && !given(ctx.params.latest);
  const topLevel = (ctx.index.byChannel.get(channel.id) ?? []).filter(
    (m) => (!m.threadTs || m.threadTs === m.ts) && inWindow(m),
  );
  // In the order of travel: oldest first when paging forward, newest first otherwise.
  const travel: WorkspaceMessage[] = forward ? topLevel : [...topLevel].reverse();
  const start = ctx.params.cursor ? decodeRepliesCursor(ctx.params.cursor, travel) : 0;
  const page = travel.slice(start, start + limit);
  const next = travel[start + limit];
  if (forward) page.reverse();
  return {
    ok: true,
    ...(given(ctx.params.oldest) ? { oldest: ctx.params.oldest } : {}),
    ...(given(ctx.params.latest) ? { latest: ctx.params.latest } : {}),
    messages: page.map((message) => historyMessage(message, ctx.index, ctx.token.userId)),
    has_more: next !== undefined,
    pin_count: 0,
    channel_actions_ts: null,
    channel_actions_count: 0,
    ...(next ? { response_metadata: { next_cursor: encodeRepliesCursor(next.ts) } } : {}),
  };
}

export const conversationsHistory: MethodSpec = {
  acceptedScopes: ['channels:history', 'groups:history', 'im:history', 'mpim:history'],
  handle,
};
