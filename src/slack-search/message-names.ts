import { mentionedUserIds } from '../slack/read-slack-body.js';
import type { SlackObject } from '../slack/slack-values.js';
import { lookUpNames } from '../slack/user-names.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess } from '../slack-client/types.js';

/** Names of the users the messages were written by or mention, for `@name`; never fails the request. */
export const namesFor = (slack: SlackGateway, access: SlackAccess, messages: SlackObject[]) =>
  lookUpNames(messages.flatMap(mentionedUserIds), (id) => slack.userName(access, id)).then((users) => ({
    users,
  }));

/** How the byte budget reaches a message's text, concise or Slack's own. */
export const TEXT_ACCESS = {
  textOf: (item: { text?: unknown }) => (typeof item.text === 'string' ? item.text : ''),
  setText: (item: { text?: unknown }, text: string) => {
    if (typeof item.text === 'string') item.text = text;
  },
};
