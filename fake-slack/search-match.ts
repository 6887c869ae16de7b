import { searchChannel } from './channel-shape.js';
import { stableUuid } from './ids.js';
import { permalinkFor } from './permalink.js';
import { richTextBlocks } from './rich-text.js';
import { messageKey, type WorkspaceIndex } from './workspace-index.js';
import type { WorkspaceMessage } from './workspace-types.js';

export interface MatchOptions {
  score: number;
  text: string;
  includePermalink: boolean;
}

/** The messages shown before a hit: earlier thread messages for replies, earlier top-level ones otherwise. */
function contextBefore(message: WorkspaceMessage, index: WorkspaceIndex): WorkspaceMessage[] {
  const isReply = message.threadTs !== undefined && message.threadTs !== message.ts;
  const timeline = isReply
    ? [
        index.messages.get(messageKey(message.channel, message.threadTs ?? '')),
        ...(index.replies.get(messageKey(message.channel, message.threadTs ?? '')) ?? []),
      ]
    : (index.byChannel.get(message.channel) ?? []).filter((m) => !m.threadTs || m.threadTs === m.ts);
  const at = timeline.findIndex((m) => m?.ts === message.ts);
  return timeline.slice(Math.max(0, at - 2), Math.max(0, at)).filter((m) => m !== undefined);
}

function contextMessage(message: WorkspaceMessage, index: WorkspaceIndex, includePermalink: boolean) {
  const seed = messageKey(message.channel, message.ts);
  return {
    type: 'message',
    user: message.user,
    username: index.users.get(message.user)?.name ?? '',
    ts: message.ts,
    text: message.text,
    iid: stableUuid(`context:${seed}`),
    ...(includePermalink ? { permalink: permalinkFor(index.teamOf(message.channel), message) } : {}),
    blocks: richTextBlocks(message.text, seed),
    ...(message.attachments ? { attachments: message.attachments } : {}),
  };
}

/**
 * One search.messages match. `thread_ts` is deliberately absent (real matches omit it); thread replies
 * are recognisable by the `?thread_ts=…&cid=…` permalink.
 */
export function buildMatch(
  message: WorkspaceMessage,
  index: WorkspaceIndex,
  viewerId: string,
  opts: MatchOptions,
) {
  const channel = index.channels.get(message.channel);
  const seed = messageKey(message.channel, message.ts);
  const before = contextBefore(message, index);
  const previous = before.at(-1);
  const previous2 = before.length === 2 ? before[0] : undefined;
  return {
    iid: stableUuid(`iid:${seed}`),
    team: index.teamOf(message.channel).id,
    score: opts.score,
    channel: channel ? searchChannel(channel, index, viewerId) : { id: message.channel },
    type: 'message',
    user: message.user,
    username: index.users.get(message.user)?.name ?? '',
    ts: message.ts,
    blocks: richTextBlocks(message.text, seed),
    text: opts.text,
    ...(message.attachments ? { attachments: message.attachments } : {}),
    ...(message.files ? { files: message.files } : {}),
    ...(opts.includePermalink ? { permalink: permalinkFor(index.teamOf(message.channel), message) } : {}),
    // Search matches flag a message without reactions but do not list reactions (the SDK's Match type,
    // built from real answers, has only `no_reactions`); conversations.replies lists them.
    ...(message.reactions?.length ? {} : { no_reactions: true }),
    ...(previous ? { previous: contextMessage(previous, index, opts.includePermalink) } : {}),
    ...(previous2 ? { previous_2: contextMessage(previous2, index, opts.includePermalink) } : {}),
  };
}
