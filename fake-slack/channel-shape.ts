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

/** Shared within an organisation (`teams`, more than one) or with another one (Slack Connect). */
const sharing = (channel: WorkspaceChannel) => ({
  is_shared: (channel.teams?.length ?? 0) > 1 || (channel.externalTeams?.length ?? 0) > 0,
  is_org_shared: (channel.teams?.length ?? 0) > 1,
  is_ext_shared: (channel.externalTeams?.length ?? 0) > 0,
  is_pending_ext_shared: false,
  pending_shared: [],
});

const teamsOf = (channel: WorkspaceChannel, index: WorkspaceIndex) =>
  channel.teams ? [...channel.teams, ...(channel.externalTeams ?? [])] : [index.team.id];

/** Grid's fields of a conversation in an organisation: its host and its workspaces. */
const gridFields = (channel: WorkspaceChannel) =>
  channel.teams
    ? {
        conversation_host_id: channel.teams[0],
        internal_team_ids: [...channel.teams],
        ...(channel.externalTeams ? { connected_team_ids: [...channel.externalTeams] } : {}),
      }
    : {};

/** The `channel` object embedded in search.messages matches; IMs are named after the other party. */
export function searchChannel(channel: WorkspaceChannel, index: WorkspaceIndex, viewerId: string) {
  const name = channel.kind === 'im' ? counterpart(channel, viewerId) : channelName(channel, index);
  return {
    id: channel.id,
    ...flags(channel),
    ...sharing(channel),
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
    ...sharing(channel),
    is_frozen: false,
    context_team_id: index.teamOf(channel.id).id,
    updated: channel.created * 1000,
    parent_conversation: null,
    creator,
    shared_team_ids: teamsOf(channel, index),
    ...gridFields(channel),
    pending_connected_team_ids: [],
    is_member: channel.members.includes(viewerId),
    topic: { value: channel.topic ?? '', ...topicSet },
    purpose: { value: channel.purpose ?? '', ...topicSet },
    previous_names: [],
    ...numMembers,
  };
}
