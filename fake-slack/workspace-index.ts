import type {
  Workspace,
  WorkspaceChannel,
  WorkspaceFile,
  WorkspaceMessage,
  WorkspaceTeam,
  WorkspaceUser,
  WorkspaceUsergroup,
} from './workspace-types.js';

export interface WorkspaceIndex {
  team: WorkspaceTeam;
  users: Map<string, WorkspaceUser>;
  channels: Map<string, WorkspaceChannel>;
  /** The users and channels in the workspace's order (users.list and conversations.list page through them). */
  userList: readonly WorkspaceUser[];
  channelList: readonly WorkspaceChannel[];
  /** Every message of a channel (top-level and replies), oldest first. */
  byChannel: Map<string, WorkspaceMessage[]>;
  /** Replies of a thread, oldest first, keyed by `channel:parentTs`. */
  replies: Map<string, WorkspaceMessage[]>;
  messages: Map<string, WorkspaceMessage>;
  all: WorkspaceMessage[];
  files: Map<string, WorkspaceFile>;
  usergroups: WorkspaceUsergroup[];
  /** The workspace a conversation is read in: its own team, or in an organisation-wide view the channel's. */
  teamOf(channelId: string): WorkspaceTeam;
}

export const messageKey = (channel: string, ts: string): string => `${channel}:${ts}`;

export function compareTs(a: string, b: string): number {
  return tsMicros(a) - tsMicros(b);
}

/** Slack timestamps as integer microseconds; NaN when not a timestamp. */
export function tsMicros(ts: string): number {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(ts.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 1_000_000 + Number((match[2] ?? '').padEnd(6, '0'));
}

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The arrays an index was built from, copied, so a change to any of them is seen. */
type Built = { lists: unknown[][]; team: WorkspaceTeam; index: WorkspaceIndex };
const builds = new WeakMap<Workspace, Built>();

const listsOf = (w: Workspace): unknown[][] => [
  w.users,
  w.channels,
  w.messages,
  w.files ?? [],
  w.otherUsers ?? [],
];
const sameItems = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The workspace's index, rebuilt whenever an entry was added, removed or replaced since the last one, so tests
 * may mutate `fake.workspace` between calls (objects changed in place are the index's own); reused otherwise,
 * which keeps a workspace of 100,000 people fast (comparing references is far cheaper than indexing).
 */
export function indexFor(workspace: Workspace): WorkspaceIndex {
  const lists = listsOf(workspace);
  const built = builds.get(workspace);
  if (built?.team === workspace.team && built.lists.every((list, i) => sameItems(list, lists[i] ?? [])))
    return built.index;
  const index = indexWorkspace(workspace);
  builds.set(workspace, { lists: lists.map((list) => [...list]), team: workspace.team, index });
  return index;
}

export function indexWorkspace(workspace: Workspace): WorkspaceIndex {
  const all = [...workspace.messages].sort((a, b) => compareTs(a.ts, b.ts));
  const byChannel = new Map<string, WorkspaceMessage[]>();
  const replies = new Map<string, WorkspaceMessage[]>();
  const messages = new Map<string, WorkspaceMessage>();
  for (const message of all) {
    push(byChannel, message.channel, message);
    messages.set(messageKey(message.channel, message.ts), message);
    if (message.threadTs && message.threadTs !== message.ts) {
      push(replies, messageKey(message.channel, message.threadTs), message);
    }
  }
  return {
    team: workspace.team,
    users: new Map([...(workspace.otherUsers ?? []), ...workspace.users].map((user) => [user.id, user])),
    channels: new Map(workspace.channels.map((channel) => [channel.id, channel])),
    userList: [...workspace.users],
    channelList: [...workspace.channels],
    byChannel,
    replies,
    messages,
    all,
    files: new Map((workspace.files ?? []).map((file) => [file.id, file])),
    usergroups: workspace.usergroups ?? [],
    teamOf: (channelId) => workspace.channelTeams?.get(channelId) ?? workspace.team,
  };
}

/** A file is seen by its owner and by whoever may see a conversation it was shared in. */
export function canSeeFile(file: WorkspaceFile, index: WorkspaceIndex, userId: string): boolean {
  if (file.user === userId) return true;
  return file.channels.some((id) => {
    const channel = index.channels.get(id);
    return channel !== undefined && canSee(channel, userId);
  });
}

export function canSee(channel: WorkspaceChannel, userId: string): boolean {
  return channel.kind === 'public' || channel.members.includes(userId);
}

export function channelName(channel: WorkspaceChannel, index: WorkspaceIndex): string {
  if (channel.name) return channel.name;
  if (channel.kind !== 'mpim') return channel.id;
  const handles = channel.members.map((id) => index.users.get(id)?.name ?? id.toLowerCase());
  return `mpdm-${handles.join('--')}-1`;
}
