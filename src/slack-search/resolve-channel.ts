import { Errors } from '../errors.js';
import { MAX_CHANNEL_LIST_PAGES, type SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess } from '../slack-client/types.js';

export interface ResolvedChannel {
  id: string;
  /** Known without asking Slack when the caller named the channel. */
  name?: string;
}

/** An id as it is; `#name` through the token's cached channel list, 404 naming it when it is not there. */
export async function resolveChannel(
  slack: SlackGateway,
  access: SlackAccess,
  ref: string,
): Promise<ResolvedChannel> {
  if (!ref.startsWith('#')) return { id: ref };
  const name = ref.slice(1);
  const { value } = await slack.channelIds(access);
  const ids = new Map(value.ids);
  const found = ids.has(name) ? name : name.toLowerCase();
  const id = ids.get(found);
  if (id) return { id, name: found };
  const where = value.complete
    ? ''
    : ` among its first ${MAX_CHANNEL_LIST_PAGES * 1000} channels (use the id)`;
  throw new Errors.SlackNotFound(`no channel named #${name} that this Slack token can see${where}`);
}

/** What a summary calls the channel: `#deploys`, else its id. */
export const channelLabel = (channel: ResolvedChannel) => (channel.name ? `#${channel.name}` : channel.id);
