import { type CompactMessage, compactText, messageBlocks, userLegend } from '../../slack/compact-text.js';
import type { ConciseThread } from './schemas.js';

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
