import { readConversation } from '../slack/conversation-name.js';
import { contextOf } from '../slack/read-rts.js';
import { mentionedUserIds } from '../slack/read-slack-body.js';
import type { SlackObject } from '../slack/slack-values.js';
import { lookUpNames } from '../slack/user-names.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess } from '../slack-client/types.js';

/**
 * Names of the users the messages (and, `withContext`, the messages around them) were written by or
 * mention, for `@name` (never fails the request), and of the channels they were posted in, for a `<#C…>`
 * without a label. `known`: names Slack sent with the results, used when users.info finds none;
 * `directory`: names from the people directory, used before users.info.
 */
export async function namesFor(
  slack: SlackGateway,
  access: SlackAccess,
  messages: SlackObject[],
  {
    known,
    withContext = false,
    directory,
  }: {
    known?: Map<string, string>;
    withContext?: boolean;
    directory?: Promise<{ get(id: string): string | undefined }>;
  } = {},
) {
  const around = (withContext ? messages : []).flatMap((m) => {
    const { before, after } = contextOf(m);
    return [...before, ...after];
  });
  const ids = [...messages, ...around].flatMap(mentionedUserIds);
  // The people directory when one was read beside the search, users.info for whom it lacks, and a name
  // Slack sent with the results only when neither finds one.
  const people = (await directory) ?? new Map<string, string>();
  const users = await lookUpNames(
    ids,
    async (id) => people.get(id) ?? (await slack.userName(access, id)) ?? known?.get(id),
  );
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
