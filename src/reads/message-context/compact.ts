import type { ConciseThread } from '../../schemas/thread.js';
import {
  type ChannelMessage,
  type ChannelRead,
  channelLine,
  toCompact,
} from '../../slack/compact-channel.js';
import {
  type CompactMessage,
  compactText,
  linkForm,
  messageBlocks,
  userLegend,
} from '../../slack/compact-text.js';

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
    ...replies.map((m) => ({ ...toCompact(m), reply: true })),
    ...body.after.map((m) => toCompact(m)),
  ];
  const users = userLegend(messages);
  const links = linkForm(messages, body.channel_id);
  // Replies sit under their root: their thread_ts goes without saying.
  const blocks = messages.map((m) => (m.reply ? { ...m, threadTs: undefined } : m));
  const thread = body.thread;
  const lines = [
    channelLine(body),
    linked
      ? `message: ts=${linked.ts}${links.shown(toCompact(linked)) ? ` ${linked.permalink}` : ''}`
      : undefined,
    users.line,
    links.line,
    thread ? `thread: ${thread.summary}` : undefined,
    thread?.response_metadata ? `thread next_cursor: ${thread.response_metadata.next_cursor}` : undefined,
  ];
  return compactText(body.summary, lines, messageBlocks(blocks, users.label, links.shown));
}
