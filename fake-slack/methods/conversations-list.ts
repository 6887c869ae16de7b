import { conversationInfo } from '../channel-shape.js';
import { listPage } from '../list-page.js';
import { fail } from '../slack-error.js';
import { canSee } from '../workspace-index.js';
import type { ChannelKind } from '../workspace-types.js';
import { isTrue, type MethodContext, type MethodSpec, requireScope, scopeFor } from './method-context.js';

const TYPES: Record<string, ChannelKind> = {
  public_channel: 'public',
  private_channel: 'private',
  im: 'im',
  mpim: 'mpim',
};

/**
 * The conversations the token's user can see, of the asked `types` (default public_channel; each needs
 * its `:read` scope), in creation order, with `num_members`; archived ones unless `exclude_archived`;
 * `limit` default 100, at most 1000 (and at most `maxListPage` when set); `cursor` paging with
 * `response_metadata.next_cursor` ("" on the last page, as Slack sends it).
 */
function handle(ctx: MethodContext) {
  const asked = (ctx.params.types || 'public_channel').split(',').map((t) => t.trim());
  const kinds = asked.map((t) => TYPES[t] ?? fail('invalid_types'));
  for (const kind of kinds) requireScope(ctx, scopeFor(kind, 'read'));
  const parsed = Number.parseInt(ctx.params.limit ?? '', 10);
  const limit = Math.min(Math.max(Number.isNaN(parsed) ? 100 : parsed, 1), 1000);
  const excludeArchived = isTrue(ctx.params.exclude_archived);
  const channels = ctx.index.channelList.filter(
    (c) => kinds.includes(c.kind) && canSee(c, ctx.token.userId) && !(excludeArchived && c.archived),
  );
  const { page, next } = listPage(channels, 'channel', ctx.params.cursor, limit, ctx.options.maxListPage);
  return {
    ok: true,
    channels: page.map((c) => conversationInfo(c, ctx.index, ctx.token.userId, true)),
    response_metadata: { next_cursor: next },
  };
}

export const conversationsList: MethodSpec = {
  teamIdWithOrgToken: true,
  acceptedScopes: ['channels:read', 'groups:read', 'im:read', 'mpim:read'],
  handle,
};
