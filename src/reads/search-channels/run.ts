import type { CacheStatus } from '../../cache/types.js';
import { isObject, num, type SlackObject, str } from '../../slack/slack-values.js';
import type { SlackAccess, SlackIdentity } from '../../slack-client/types.js';
import { searchDirectories, worst } from '../../slack-search/directory-page.js';
import { expandChannel, isArchived, membersOf } from '../../slack-search/directory-records.js';
import { channelDirectories } from '../../slack-search/people-and-channels.js';
import { directories } from '../common-services.js';
import { findServices, type RtsContent, runFind } from '../find-backend.js';
import {
  type DirectoryFound,
  directorySummary,
  legacyDirectoryPage,
  rtsDirectoryPage,
} from '../find-page.js';
import type { ServicesOf } from '../services.js';
import type { Wording } from '../wording.js';
import type { ChannelsBody, ConciseChannel, SearchChannelsParams } from './schemas.js';

type Answer = { body: ChannelsBody; cache: CacheStatus };

export const channelsServices = { ...findServices, directories };
type ChannelsDeps = ServicesOf<typeof channelsServices>;

/** Real-time Search's channels: the channel types' scopes (search:read.public at least). */
const CHANNELS: RtsContent = { type: 'channels', scope: 'search:read.public' };

const textOf = (v: unknown) => (isObject(v) ? (str(v.value) ?? '') : (str(v) ?? ''));

function conciseChannel(c: SlackObject, workspaceUrl: string): ConciseChannel {
  const id = str(c.id) ?? '';
  return {
    channel_id: id,
    name: str(c.name) ?? '',
    topic: textOf(c.topic),
    purpose: textOf(c.purpose),
    is_private: c.is_private === true,
    is_archived: c.is_archived === true,
    ...(num(c.num_members) !== undefined ? { num_members: num(c.num_members) } : {}),
    permalink: `${workspaceUrl}archives/${id}`,
  };
}

/** A real-time search channel result: its id is the end of its permalink; privacy and archive state unknown. */
function conciseRtsChannel(c: SlackObject): ConciseChannel {
  const permalink = str(c.permalink) ?? '';
  return {
    channel_id: /\/archives\/([CG][A-Z0-9]+)/.exec(permalink)?.[1] ?? '',
    name: str(c.name) ?? '',
    topic: str(c.topic) ?? '',
    purpose: str(c.purpose) ?? '',
    is_private: null,
    is_archived: null,
    permalink,
  };
}

export const summarise = (wording: Wording) => (found: DirectoryFound) =>
  directorySummary(
    ['channel', 'channels'],
    found,
    found.shown > 0
      ? wording.surface === 'rest'
        ? [
            `Its messages: GET ${wording.path('channel-history', { channel: '{channel_id}' })}.`,
            `Search in one: GET ${wording.path('search-messages')}?channel_ids={channel_id}&query=….`,
          ]
        : [
            `Its messages: ${wording.tool('channel-history')} with channel_id.`,
            `Search in one: ${wording.tool('search-messages')} with channel_ids=[channel_id].`,
          ]
      : ['Try other words, or include_archived.'],
  );

/** Channels the caller can see by name, topic and purpose: Real-time Search, else the channel directory, ranked. */
export async function searchChannels(
  deps: ChannelsDeps,
  access: SlackAccess,
  params: SearchChannelsParams,
  wording: Wording,
): Promise<Answer> {
  return runFind(deps, access, { cursor: params.cursor, wording, what: 'channel' }, CHANNELS, {
    rts: (me, cursor) => viaRts(deps, access, me, params, wording, cursor),
    legacy: (me, cursor, note) =>
      viaDirectory(deps, access, me, params, wording, cursor?.kind === 'offset' ? cursor.offset : 0, note),
  });
}

async function viaDirectory(
  deps: ChannelsDeps,
  access: SlackAccess,
  me: SlackIdentity,
  params: SearchChannelsParams,
  wording: Wording,
  offset: number,
  note?: string,
): Promise<Answer> {
  const [open, closed] = await channelDirectories(deps, access, me);
  const { ranked, searched } = searchDirectories(
    [open, closed],
    params.query,
    (c) => params.include_archived || !isArchived(c),
    (a, b) => membersOf(b) - membersOf(a),
  );
  const page = legacyDirectoryPage(
    params,
    ranked,
    searched,
    { offset, note, what: 'channel' },
    summarise(wording),
  );
  const { base } = page;
  const items = page.items.map(expandChannel);
  const body: ChannelsBody =
    params.response_format === 'detailed'
      ? { ...base, channels: items }
      : { ...base, channels: items.map((c) => conciseChannel(c, me.url)) };
  return { body, cache: worst(open.status, closed.status) };
}

async function viaRts(
  deps: ChannelsDeps,
  access: SlackAccess,
  me: SlackIdentity,
  params: SearchChannelsParams,
  wording: Wording,
  cursor: { cursor: string; seen: number } | undefined,
): Promise<Answer> {
  const filters = { include_archived_channels: params.include_archived };
  const page = await rtsDirectoryPage(
    deps,
    access,
    me,
    CHANNELS,
    params,
    filters,
    cursor,
    summarise(wording),
  );
  const body: ChannelsBody =
    params.response_format === 'detailed'
      ? page.detailed
      : { ...page.base, channels: page.list.map(conciseRtsChannel) };
  return { body, cache: 'MISS' };
}
