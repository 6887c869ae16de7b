import { channelName, type WorkspaceIndex } from './workspace-index.js';
import type { WorkspaceChannel } from './workspace-types.js';

const counterpart = (channel: WorkspaceChannel, viewerId: string): string =>
  channel.members.find((id) => id !== viewerId) ?? channel.members[0] ?? '';

const flags = (channel: WorkspaceChannel) => ({
  is_channel: channel.kind === 'public',
  is_group: channel.kind === 'private',
  is_im: channel.kind === 'im',
  is_mpim: channel.kind === 'mpim',
  is_private: channel.kind !== 'public',
});

const notShared = {
  is_shared: false,
  is_org_shared: false,
  is_ext_shared: false,
  is_pending_ext_shared: false,
  pending_shared: [],
};

/** The `channel` object embedded in search.messages matches; IMs are named after the other party. */
export function searchChannel(channel: WorkspaceChannel, index: WorkspaceIndex, viewerId: string) {
  const name = channel.kind === 'im' ? counterpart(channel, viewerId) : channelName(channel, index);
  return {
    id: channel.id,
    ...flags(channel),
    ...notShared,
    name,
    name_normalized: name,
    ...(channel.kind === 'im' ? { user: counterpart(channel, viewerId) } : {}),
  };
}

/** conversations.info `channel`. */
export function conversationInfo(
  channel: WorkspaceChannel,
  index: WorkspaceIndex,
  viewerId: string,
  withMembers: boolean,
) {
  const numMembers = withMembers ? { num_members: channel.members.length } : {};
  if (channel.kind === 'im') {
    return {
      id: channel.id,
      created: channel.created,
      is_im: true,
      is_org_shared: false,
      user: counterpart(channel, viewerId),
      is_open: true,
      priority: 0,
      ...numMembers,
    };
  }
  const name = channelName(channel, index);
  const creator = channel.creator ?? channel.members[0] ?? '';
  const topicSet = { creator, last_set: channel.created };
  return {
    id: channel.id,
    name,
    ...flags(channel),
    created: channel.created,
    is_archived: channel.archived === true,
    is_general: name === 'general',
    unlinked: 0,
    name_normalized: name,
    ...notShared,
    is_frozen: false,
    context_team_id: index.team.id,
    updated: channel.created * 1000,
    parent_conversation: null,
    creator,
    shared_team_ids: [index.team.id],
    pending_connected_team_ids: [],
    is_member: channel.members.includes(viewerId),
    topic: { value: channel.topic ?? '', ...topicSet },
    purpose: { value: channel.purpose ?? '', ...topicSet },
    previous_names: [],
    ...numMembers,
  };
}
