import {
  type ChannelMessage,
  type ChannelRead,
  channelLine,
  toCompact,
} from '../../slack/compact-channel.js';
import { type CompactMessage, compactText, messageBlocks, userLegend } from '../../slack/compact-text.js';
import type { ConciseThread } from '../thread-replies/schemas.js';

/**
 * A message in context as compact text, oldest first: the channel messages before it, the message (or its
 * thread root) with its thread's replies indented under it, then the messages after. A `message:` line
 * names the linked one (its ts and permalink) before the blocks.
 */
export function compactContext(
  body: ChannelRead & {
    before: ChannelMessage[];
    message: ChannelMessage | null;
    after: ChannelMessage[];
    thread?: ConciseThread;
  },
): string {
  const linked = body.message;
  const root = body.thread?.messages.find((m) => m.is_parent);
  const centre = root ?? linked;
  const replies = (body.thread?.messages ?? []).filter((m) => !m.is_parent);
  const messages: CompactMessage[] = [
    ...body.before.map((m) => toCompact(m)),
    ...(centre ? [toCompact(centre)] : []),
    ...replies.map((m) => ({ ...toCompact(m), threadTs: undefined, reply: true })),
    ...body.after.map((m) => toCompact(m)),
  ];
  const users = userLegend(messages);
  const thread = body.thread;
  const lines = [
    channelLine(body),
    linked ? `message: ts=${linked.ts} ${linked.permalink}` : undefined,
    users.line,
    thread ? `thread: ${thread.summary}` : undefined,
    thread?.response_metadata ? `thread next_cursor: ${thread.response_metadata.next_cursor}` : undefined,
  ];
  return compactText(body.summary, lines, messageBlocks(messages, users.label));
}
