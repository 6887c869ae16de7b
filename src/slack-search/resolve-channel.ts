import type { Cached } from '../cache/types.js';
import { Errors } from '../errors.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess, SlackBody } from '../slack-client/types.js';

/** conversations.list pages read to resolve `#name` (1000 channels each), so a huge workspace stays bounded. */
export const MAX_CHANNEL_LIST_PAGES = 10;

type ChannelIds = { ids: Record<string, string>; complete: boolean };

/**
 * The ids of the channels the token's user can see, by name (conversations.list, public and private,
 * at most MAX_CHANNEL_LIST_PAGES pages), cached per token for CACHE_CHANNELS_TTL_MS. `complete` is
 * false when the workspace had more channels than were read.
 */
export function channelIds(slack: SlackGateway, access: SlackAccess): Promise<Cached<ChannelIds>> {
  return slack.cachedCalls(access, 'channel-ids', slack.channelListTtlMs, async (call) => {
    const ids: Record<string, string> = {};
    let cursor: string | undefined;
    for (let page = 0; page < MAX_CHANNEL_LIST_PAGES; page++) {
      const args = { types: 'public_channel,private_channel', limit: 1000, ...(cursor ? { cursor } : {}) };
      const body: SlackBody = await call('conversations.list', args);
      for (const c of (body.channels as Array<{ id?: unknown; name?: unknown }> | undefined) ?? []) {
        if (typeof c.id === 'string' && typeof c.name === 'string') ids[c.name] = c.id;
      }
      cursor = (body.response_metadata as { next_cursor?: string } | undefined)?.next_cursor || undefined;
      if (!cursor) return { ids, complete: true };
    }
    return { ids, complete: false };
  });
}

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
  const { value } = await channelIds(slack, access);
  const id = value.ids[name] ?? value.ids[name.toLowerCase()];
  if (id) return { id, name: value.ids[name] ? name : name.toLowerCase() };
  const where = value.complete
    ? ''
    : ` among its first ${MAX_CHANNEL_LIST_PAGES * 1000} channels (use the id)`;
  throw new Errors.SlackNotFound(`no channel named #${name} that this Slack token can see${where}`);
}

/** What a summary calls the channel: `#deploys`, else its id. */
export const channelLabel = (channel: ResolvedChannel) => (channel.name ? `#${channel.name}` : channel.id);
