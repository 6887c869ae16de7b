import { stableUuid } from './ids.js';
import { richTextBlocks } from './rich-text.js';
import { homeTeam } from './user-shape.js';
import { compareTs, messageKey, type WorkspaceIndex } from './workspace-index.js';
import type { WorkspaceMessage, WorkspaceUser } from './workspace-types.js';

function threadFields(message: WorkspaceMessage, index: WorkspaceIndex, viewerId: string) {
  if (message.threadTs && message.threadTs !== message.ts) {
    const parent = index.messages.get(messageKey(message.channel, message.threadTs));
    return { thread_ts: message.threadTs, parent_user_id: parent?.user ?? message.user };
  }
  const replies = index.replies.get(messageKey(message.channel, message.ts));
  if (!replies?.length) return {};
  const replyUsers = [...new Set(replies.map((reply) => reply.user))];
  const latest = replies.reduce((a, b) => (compareTs(a.ts, b.ts) >= 0 ? a : b)).ts;
  const subscribed = message.user === viewerId || replyUsers.includes(viewerId);
  return {
    thread_ts: message.ts,
    reply_count: replies.length,
    reply_users_count: replyUsers.length,
    latest_reply: latest,
    reply_users: replyUsers,
    is_locked: false,
    subscribed,
    ...(subscribed ? { last_read: latest, unread_count: 0 } : {}),
  };
}

/** Bot messages carry the app's id and profile (name and icons) in conversations.* answers. */
function botFields(bot: WorkspaceUser, teamId: string) {
  const appId = `A${bot.botId?.slice(1)}`;
  const icon = (px: number) => `https://avatars.slack-edge.com/2025-01-06/${bot.botId}_${px}.png`;
  return {
    bot_id: bot.botId,
    app_id: appId,
    bot_profile: {
      id: bot.botId,
      deleted: false,
      name: bot.name,
      updated: 1_736_150_400,
      app_id: appId,
      icons: { image_36: icon(36), image_48: icon(48), image_72: icon(72) },
      team_id: teamId,
    },
  };
}

/** A message as conversations.* methods return it. */
export function historyMessage(message: WorkspaceMessage, index: WorkspaceIndex, viewerId: string) {
  const author = index.users.get(message.user);
  const team = index.teamOf(message.channel).id;
  const seed = messageKey(message.channel, message.ts);
  return {
    ...(author?.isBot ? botFields(author, team) : {}),
    ...(author?.isBot ? {} : { client_msg_id: stableUuid(`msg:${seed}`) }),
    type: 'message',
    text: message.text,
    user: message.user,
    ts: message.ts,
    blocks: richTextBlocks(message.text, seed),
    team: author ? homeTeam(author, team) : team,
    ...(message.attachments ? { attachments: message.attachments } : {}),
    ...(message.files ? { files: message.files } : {}),
    ...threadFields(message, index, viewerId),
    ...(message.reactions ? { reactions: message.reactions } : {}),
  };
}
