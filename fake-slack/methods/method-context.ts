import type { SearchCursorLocation } from '../fake-slack-types.js';
import { fail } from '../slack-error.js';
import { canSee, type WorkspaceIndex } from '../workspace-index.js';
import type { ChannelKind, Organisation, WorkspaceChannel, WorkspaceToken } from '../workspace-types.js';

export interface ResolvedOptions {
  searchCursorLocation: SearchCursorLocation;
  repliesRepeatParent: boolean;
  nonMarketplace: boolean;
  includePermalinks: boolean;
  /** At most this many entries a users.list or conversations.list page, whatever the `limit`. */
  maxListPage?: number;
  /** Scheme, host and port file URLs point at: the fake serves the downloads itself. */
  fileOrigin: string;
}

export interface MethodContext {
  index: WorkspaceIndex;
  token: WorkspaceToken;
  params: Record<string, string>;
  options: ResolvedOptions;
  /** The organisation the token belongs to, if any. */
  org?: Organisation;
}

export type MethodBody = Record<string, unknown>;

export interface MethodSpec {
  /** Sent as `x-accepted-oauth-scopes`. */
  acceptedScopes: string[];
  userTokenOnly?: boolean;
  /** Slack: `team_id` "required if org token is used" (ignored with a workspace token). */
  teamIdWithOrgToken?: boolean;
  handle(ctx: MethodContext): MethodBody;
}

export function requireScope(ctx: MethodContext, scope: string): void {
  if (!ctx.token.scopes.includes(scope)) {
    fail('missing_scope', { needed: scope, provided: ctx.token.scopes.join(',') });
  }
}

export const scopeFor = (kind: ChannelKind, suffix: 'history' | 'read'): string =>
  `${{ public: 'channels', private: 'groups', im: 'im', mpim: 'mpim' }[kind]}:${suffix}`;

export const isTrue = (value: string | undefined): boolean => value === 'true' || value === '1';

/** The `channel` arg, if it exists and the token's user may see it; otherwise channel_not_found. */
export function visibleChannel(ctx: MethodContext): WorkspaceChannel {
  const channel = ctx.index.channels.get(ctx.params.channel ?? '');
  if (!channel || !canSee(channel, ctx.token.userId)) fail('channel_not_found');
  // A guest sees only the conversations they are in, public ones included.
  const guest = ctx.index.users.get(ctx.token.userId)?.isRestricted === true;
  if (guest && !channel.members.includes(ctx.token.userId)) fail('channel_not_found');
  return channel;
}
