import { readConversation } from '../slack/conversation-name.js';
import { mentionedUserIds } from '../slack/read-slack-body.js';
import type { SlackObject } from '../slack/slack-values.js';
import { lookUpNames } from '../slack/user-names.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess } from '../slack-client/types.js';

/**
 * Names of the users the messages were written by or mention, for `@name` (never fails the request), and
 * of the channels they were posted in, for a `<#C…>` without a label.
 */
export async function namesFor(slack: SlackGateway, access: SlackAccess, messages: SlackObject[]) {
  const users = await lookUpNames(messages.flatMap(mentionedUserIds), (id) => slack.userName(access, id));
  const channels = new Map<string, string>();
  for (const m of messages) {
    const where = readConversation(m);
    if (where.kind === 'channel' && where.name) channels.set(where.id, where.name);
  }
  return { users, channels };
}

/** How the byte budget reaches a message's text, concise or Slack's own. */
export const TEXT_ACCESS = {
  textOf: (item: { text?: unknown }) => (typeof item.text === 'string' ? item.text : ''),
  setText: (item: { text?: unknown }, text: string) => {
    if (typeof item.text === 'string') item.text = text;
  },
};
