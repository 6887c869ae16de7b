import type { ChannelRef, SearchQuery, UserRef } from './search-query.js';
import { searchableText, textMatches } from './search-text.js';
import { canSee, channelName, type WorkspaceIndex } from './workspace-index.js';
import type { WorkspaceChannel, WorkspaceMessage } from './workspace-types.js';

export interface SearchScope {
  index: WorkspaceIndex;
  viewerId: string;
}

/** The user id a ref names; undefined when it names nobody (then the modifier matches nothing). */
export function resolveUser(ref: UserRef, scope: SearchScope): string | undefined {
  if (ref.me) return scope.viewerId;
  if (ref.id) return ref.id;
  for (const user of scope.index.users.values()) {
    if (user.name.toLowerCase() === ref.name || user.displayName?.toLowerCase() === ref.name) return user.id;
  }
  return undefined;
}

function inChannel(ref: ChannelRef, channel: WorkspaceChannel, scope: SearchScope): boolean {
  if (ref.id) return ref.id === channel.id;
  if (ref.user) {
    const other = resolveUser(ref.user, scope);
    return (
      channel.kind === 'im' &&
      other !== undefined &&
      channel.members.includes(other) &&
      channel.members.includes(scope.viewerId)
    );
  }
  return channelName(channel, scope.index).toLowerCase() === ref.name;
}

/** `to:` only ever matches direct messages (IMs/MPIMs) the user is in and did not write, as in Slack. */
function sentTo(ref: UserRef, channel: WorkspaceChannel, message: WorkspaceMessage, scope: SearchScope) {
  const id = resolveUser(ref, scope);
  return (
    (channel.kind === 'im' || channel.kind === 'mpim') &&
    id !== undefined &&
    channel.members.includes(id) &&
    message.user !== id
  );
}

function inDateRange(query: SearchQuery, ts: string): boolean {
  const seconds = Number.parseFloat(ts);
  return seconds >= (query.since ?? 0) && seconds < (query.until ?? Number.POSITIVE_INFINITY);
}

/** Visibility first (public channels plus conversations the viewer is in), then every modifier. */
export function matchesQuery(query: SearchQuery, message: WorkspaceMessage, scope: SearchScope): boolean {
  const channel = scope.index.channels.get(message.channel);
  if (!channel || !canSee(channel, scope.viewerId)) return false;
  if (query.in.length && !query.in.some((ref) => inChannel(ref, channel, scope))) return false;
  if (query.from.length && !query.from.some((ref) => resolveUser(ref, scope) === message.user)) return false;
  if (query.to.length && !query.to.some((ref) => sentTo(ref, channel, message, scope))) return false;
  return inDateRange(query, message.ts) && textMatches(query, searchableText(message));
}
