import type { ConciseSearch } from '../schemas/search-messages.js';
import type { ConciseContext, ConciseMatch } from '../schemas/slack.js';
import type { ConciseThread } from '../schemas/threads.js';
import { type CompactMessage, compactText, messageBlocks, userLegend } from './compact-text.js';

type ContextMessage = ConciseContext['before'][number];

type Where = Pick<ConciseMatch, 'channel_id' | 'channel_name' | 'conversation_label'>;

/** `#general` for a channel, `DM with @leo` for a direct message, else (nothing known) the id. */
export function conversationLabel(m: Where): string {
  if (m.channel_name) return `#${m.channel_name}`;
  return m.conversation_label ?? m.channel_id;
}

const named = (m: Where) => Boolean(m.channel_name || m.conversation_label);

/** `channels: #general=C…, DM with @leo=D…`: each conversation's id once; `in: #general=C…` when one. */
function conversationLegend(matches: ConciseMatch[]) {
  const byId = new Map<string, string>();
  for (const m of matches) if (named(m)) byId.set(m.channel_id, conversationLabel(m));
  const entries = [...byId].map(([id, label]) => `${label}=${id}`);
  const sole = matches.length > 1 && byId.size === 1 && matches.every(named);
  const key = sole ? 'in' : 'channels';
  return { sole, line: entries.length > 0 ? `${key}: ${entries.join(', ')}` : undefined };
}

/** A concise search body as compact text: everything it says, each name's id once. */
export function compactSearch(body: ConciseSearch): string {
  const matches = body.messages.matches;
  const conversations = conversationLegend(matches);
  // With include_context, a hit's neighbours sit indented around it.
  const around = (list: ContextMessage[] | undefined, note: string): CompactMessage[] =>
    (list ?? []).map((c) => ({
      userId: c.user_id,
      userName: c.user_name,
      ts: c.ts,
      text: c.text,
      reply: true,
      note,
    }));
  const messages: CompactMessage[] = matches.flatMap((m) => [
    ...around(m.context?.before, 'before'),
    {
      where: conversations.sole ? undefined : conversationLabel(m),
      userId: m.user_id,
      userName: m.user_name,
      ts: m.ts,
      text: m.text,
      threadTs: m.thread_ts,
      permalink: m.permalink,
    },
    ...around(m.context?.after, 'after'),
  ]);
  const handles = new Map<string, string>();
  for (const m of matches)
    if (m.user_id && m.username && m.username !== m.user_name) handles.set(m.user_id, m.username);
  const users = userLegend(messages, handles, true);
  const lines = [
    body.response_metadata ? `next_cursor: ${body.response_metadata.next_cursor}` : undefined,
    body.queries ? `queries: ${body.queries.join(' | ')}` : `query: ${body.query}`,
    // search.messages is the default backend; another one is named, as the concise body names it.
    body.backend === 'search.messages' ? undefined : `backend: ${body.backend}, semantic: ${body.semantic}`,
    users.line,
    conversations.line,
  ];
  return compactText(body.summary, lines, messageBlocks(messages, users.label));
}

/** A concise thread page as compact text: the thread's ts and link once, then its messages oldest first. */
export function compactThread(body: ConciseThread): string {
  const messages: CompactMessage[] = body.messages.map((m) => ({
    userId: m.user_id,
    userName: m.user_name,
    ts: m.ts,
    text: m.text,
    replyCount: m.reply_count,
  }));
  const users = userLegend(messages);
  const root = body.messages.find((m) => m.is_parent) ?? body.messages[0];
  const threadTs = root?.thread_ts ?? root?.ts;
  const lines = [
    body.response_metadata ? `next_cursor: ${body.response_metadata.next_cursor}` : undefined,
    users.line,
    root ? `thread_ts=${threadTs} ${root.permalink}` : undefined,
  ];
  return compactText(body.summary, lines, messageBlocks(messages, users.label));
}

/** A channel message as the history and context reads give it. */
interface ChannelMessage {
  user_id: string | null;
  user_name: string | null;
  ts: string;
  text: string;
  thread_ts?: string;
  reply_count?: number;
  permalink: string;
}

/** What the history and context reads say of their conversation. */
interface ChannelRead {
  channel_id: string;
  channel_name: string | null;
  summary: string;
  response_metadata?: { next_cursor: string };
}

const channelLine = (body: ChannelRead) =>
  `in: ${body.channel_name ? `#${body.channel_name}=` : ''}${body.channel_id}`;

const toCompact = (m: ChannelMessage, extra: Partial<CompactMessage> = {}): CompactMessage => ({
  userId: m.user_id,
  userName: m.user_name,
  ts: m.ts,
  text: m.text,
  threadTs: m.thread_ts,
  replyCount: m.reply_count,
  ...extra,
});

/** A channel's history page as compact text: the channel once, its messages in Slack's order (newest first). */
export function compactHistory(body: ChannelRead & { messages: ChannelMessage[] }): string {
  const messages = body.messages.map((m) => toCompact(m));
  const users = userLegend(messages);
  const lines = [
    body.response_metadata ? `next_cursor: ${body.response_metadata.next_cursor}` : undefined,
    channelLine(body),
    users.line,
  ];
  return compactText(body.summary, lines, messageBlocks(messages, users.label));
}

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
