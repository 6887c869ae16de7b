import type { ConciseThreadMessage } from '../schemas/slack.js';
import { messageContent } from './message-content.js';
import { buildPermalink } from './permalink.js';
import type { SlackMessage } from './types.js';

export interface ThreadContext {
  workspaceUrl: string;
  channel: string;
}

/** Drops messages already seen by `ts`: Slack may repeat the parent on continuation pages. */
export function dedupeByTs(messages: SlackMessage[], continuation: boolean): SlackMessage[] {
  const seen = new Set<string>();
  return messages.filter((m, i) => {
    if (seen.has(m.ts)) return false;
    seen.add(m.ts);
    const repeatedParent = continuation && i === 0 && m.thread_ts === m.ts && (m.reply_count ?? 0) > 0;
    return !repeatedParent;
  });
}

export function toConciseThreadMessage(m: SlackMessage, ctx: ThreadContext): ConciseThreadMessage {
  const isParent = !m.thread_ts || m.thread_ts === m.ts;
  const out: ConciseThreadMessage = {
    user_id: m.user ?? m.bot_id ?? null,
    ts: m.ts,
    text: messageContent(m),
    is_parent: isParent,
    permalink: buildPermalink(ctx.workspaceUrl, ctx.channel, m.ts, isParent ? undefined : m.thread_ts),
  };
  if (m.thread_ts) out.thread_ts = m.thread_ts;
  if (isParent && m.reply_count !== undefined) out.reply_count = m.reply_count;
  if (!isParent && m.parent_user_id) out.parent_user_id = m.parent_user_id;
  return out;
}
