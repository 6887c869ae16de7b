import type { ConciseThread } from '../../schemas/thread.js';
import {
  type CompactMessage,
  compactText,
  linkForm,
  messageBlocks,
  userLegend,
} from '../../slack/compact-text.js';

/** A concise thread page as compact text: the thread's ts and link once, then its messages oldest first. */
export function compactThread(body: ConciseThread): string {
  const messages: CompactMessage[] = body.messages.map((m) => ({
    userId: m.user_id,
    userName: m.user_name,
    ts: m.ts,
    text: m.text,
    replyCount: m.reply_count,
    threadTs: m.thread_ts,
    permalink: m.permalink,
  }));
  const users = userLegend(messages);
  const links = linkForm(messages);
  // The parent's block says its ts; a later page (no parent) names the thread.
  const parent = body.messages.find((m) => m.is_parent);
  const threadTs = body.messages[0]?.thread_ts ?? body.messages[0]?.ts;
  const lines = [
    body.response_metadata ? `next_cursor: ${body.response_metadata.next_cursor}` : undefined,
    users.line,
    links.line,
    parent || !threadTs ? undefined : `thread_ts=${threadTs}`,
  ];
  // Replies' thread_ts is the thread's: said once.
  const blocks = messageBlocks(
    messages.map((m) => ({ ...m, threadTs: undefined })),
    users.label,
    links.shown,
  );
  return compactText(body.summary, lines, blocks);
}
