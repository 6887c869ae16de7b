import type { ConciseChannelMessage, ConciseThreadMessage } from '../schemas/slack.js';
import type { ReadNames } from './mrkdwn.js';
import { buildPermalink } from './permalink.js';
import { readMessageText } from './read-message.js';
import { readTs, readUserId } from './read-slack-body.js';
import { filled, num, type SlackObject } from './slack-values.js';

export interface ThreadContext {
  workspaceUrl: string;
  channel: string;
  names?: ReadNames;
}

const METHOD = 'conversations.replies';
const isParentOf = (m: SlackObject, ts: string) => {
  const threadTs = filled(m.thread_ts);
  return !threadTs || threadTs === ts;
};

/** Drops messages already seen by `ts`: Slack may repeat the parent on continuation pages. */
export function dedupeByTs(messages: SlackObject[], continuation: boolean): SlackObject[] {
  const seen = new Set<string>();
  return messages.filter((m, i) => {
    const ts = readTs(m, METHOD);
    if (seen.has(ts)) return false;
    seen.add(ts);
    const repeatedParent =
      continuation && i === 0 && filled(m.thread_ts) === ts && (num(m.reply_count) ?? 0) > 0;
    return !repeatedParent;
  });
}

export function toConciseThreadMessage(m: SlackObject, ctx: ThreadContext): ConciseThreadMessage {
  const ts = readTs(m, METHOD);
  const isParent = isParentOf(m, ts);
  const replyCount = num(m.reply_count);
  // A message with replies is its thread's root, whose id is its ts, should Slack leave thread_ts out.
  const threadTs = filled(m.thread_ts) ?? ((replyCount ?? 0) > 0 ? ts : undefined);
  const userId = readUserId(m) ?? filled(m.bot_id) ?? null;
  const parentUser = filled(m.parent_user_id);
  // The concise contract's fields (docs/concise-format.md) first, our additions after.
  const out: ConciseThreadMessage = {
    user_id: userId,
    ts,
    text: readMessageText(m, ctx.names),
    ...(threadTs ? { thread_ts: threadTs } : {}),
    ...(isParent && replyCount !== undefined ? { reply_count: replyCount } : {}),
    ...(!isParent && parentUser ? { parent_user_id: parentUser } : {}),
    is_parent: isParent,
    user_name: (userId && ctx.names?.users?.get(userId)) || filled(m.username) || null,
    permalink: buildPermalink(ctx.workspaceUrl, ctx.channel, ts, isParent ? undefined : threadTs),
  };
  return out;
}

/** A channel message (conversations.history): the thread fields without those only a thread read needs. */
export const toConciseChannelMessage = (m: SlackObject, ctx: ThreadContext): ConciseChannelMessage =>
  asChannelMessage(toConciseThreadMessage(m, ctx));

/** A concise thread message without `is_parent` and `parent_user_id`. */
export function asChannelMessage(message: ConciseThreadMessage): ConciseChannelMessage {
  const { user_id, user_name, ts, text, permalink, thread_ts, reply_count } = message;
  const out: ConciseChannelMessage = { user_id, user_name, ts, text, permalink };
  if (thread_ts) out.thread_ts = thread_ts;
  if (reply_count !== undefined) out.reply_count = reply_count;
  return out;
}
