import type { CompactMessage } from './compact-text.js';

/** A channel message as the history and context reads give it. */
export interface ChannelMessage {
  user_id: string | null;
  user_name: string | null;
  ts: string;
  text: string;
  thread_ts?: string;
  reply_count?: number;
  permalink: string;
}

/** What the history and context reads say of their conversation. */
export interface ChannelRead {
  channel_id: string;
  channel_name: string | null;
  summary: string;
  response_metadata?: { next_cursor: string };
}

/** `in: #general=C07…`; only the id when the summary names the channel already. */
export const channelLine = (body: ChannelRead) => {
  const name = body.channel_name ? `#${body.channel_name}` : undefined;
  const escaped = name?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const said = escaped !== undefined && new RegExp(`${escaped}(?![\\w-])`).test(body.summary);
  return `in: ${name && !said ? `${name}=` : ''}${body.channel_id}`;
};

export const toCompact = (m: ChannelMessage, extra: Partial<CompactMessage> = {}): CompactMessage => ({
  userId: m.user_id,
  userName: m.user_name,
  ts: m.ts,
  text: m.text,
  threadTs: m.thread_ts,
  replyCount: m.reply_count,
  permalink: m.permalink,
  ...extra,
});
