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
  /** Every message of a channel (top-level and replies), oldest first. */
  byChannel: Map<string, WorkspaceMessage[]>;
  /** Replies of a thread, oldest first, keyed by `channel:parentTs`. */
  replies: Map<string, WorkspaceMessage[]>;
  messages: Map<string, WorkspaceMessage>;
  all: WorkspaceMessage[];
  files: Map<string, WorkspaceFile>;
  usergroups: WorkspaceUsergroup[];
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

/** Rebuilt per request (cheap at fake sizes) so tests may mutate `fake.workspace` between calls. */
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
    users: new Map(workspace.users.map((user) => [user.id, user])),
    channels: new Map(workspace.channels.map((channel) => [channel.id, channel])),
    byChannel,
    replies,
    messages,
    all,
    files: new Map((workspace.files ?? []).map((file) => [file.id, file])),
    usergroups: workspace.usergroups ?? [],
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
