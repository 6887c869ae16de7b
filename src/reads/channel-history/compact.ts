import {
  type ChannelMessage,
  type ChannelRead,
  channelLine,
  toCompact,
} from '../../slack/compact-channel.js';
import { compactText, linkForm, messageBlocks, userLegend } from '../../slack/compact-text.js';

/** A channel's history page as compact text: the channel once, its messages in Slack's order (newest first). */
export function compactHistory(body: ChannelRead & { messages: ChannelMessage[] }): string {
  const messages = body.messages.map((m) => toCompact(m));
  const users = userLegend(messages);
  const links = linkForm(messages, body.channel_id);
  const lines = [
    body.response_metadata ? `next_cursor: ${body.response_metadata.next_cursor}` : undefined,
    channelLine(body),
    users.line,
    links.line,
  ];
  return compactText(body.summary, lines, messageBlocks(messages, users.label, links.shown));
}
