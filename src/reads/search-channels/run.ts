import type { CacheStatus } from '../../cache/types.js';
import { encodeFindCursor } from '../../slack/find-cursor.js';
import { rankDirectory } from '../../slack/rank-directory.js';
import { isObject, num, objects, type SlackObject, str } from '../../slack/slack-values.js';
import { RTS_PAGE_LIMIT } from '../../slack-client/rts.js';
import type { SlackAccess, SlackIdentity } from '../../slack-client/types.js';
import { directoryPage, searchedNote, worst } from '../../slack-search/directory-page.js';
import { channelDirectories } from '../../slack-search/people-and-channels.js';
import { type FindDeps, onBackend, readCursor, rtsSearch } from '../find-backend.js';
import type { FindWording } from '../find-wording.js';
import type { ChannelsBody, ConciseChannel, SearchChannelsParams } from './schemas.js';

type Answer = { body: ChannelsBody; cache: CacheStatus };

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

function summary(
  shown: number,
  total: number | undefined,
  more: boolean,
  notes: string[],
  wording: FindWording,
) {
  const found = total === undefined ? `${shown}` : `${total}`;
  const head = `Found ${found} ${found === '1' ? 'channel' : 'channels'}${total !== undefined && shown < total ? `, showing ${shown}` : ''}.`;
  const next =
    shown > 0 ? [wording.channelHistory, wording.channelMessages] : ['Try other words, or include_archived.'];
  return [head, ...notes, ...(more ? ['Use next_cursor for more results.'] : []), ...next].join(' ');
}

/** Channels the caller can see by name, topic and purpose: Real-time Search, else the channel directory, ranked. */
export async function searchChannels(
  deps: FindDeps,
  access: SlackAccess,
  params: SearchChannelsParams,
  wording: FindWording,
): Promise<Answer> {
  const cursor = readCursor(params.cursor, wording, 'channel');
  const me = await deps.slack.whoAmI(access);
  return onBackend(deps, access, me, 'channels', cursor, {
    rts: () => viaRts(deps, access, me, params, wording, cursor?.kind === 'rts' ? cursor : undefined),
    legacy: (note) =>
      viaDirectory(deps, access, me, params, wording, cursor?.kind === 'offset' ? cursor.offset : 0, note),
  });
}

async function viaDirectory(
  deps: FindDeps,
  access: SlackAccess,
  me: SlackIdentity,
  params: SearchChannelsParams,
  wording: FindWording,
  offset: number,
  note?: string,
): Promise<Answer> {
  const [open, closed] = await channelDirectories(deps, access, me);
  const all = [...open.items, ...closed.items].filter(
    (c) => params.include_archived || c.is_archived !== true,
  );
  const ranked = rankDirectory(
    params.query,
    all,
    (c) => ({ names: [str(c.name) ?? ''], words: [textOf(c.topic), textOf(c.purpose)] }),
    (a, b) => (num(b.num_members) ?? 0) - (num(a.num_members) ?? 0),
  );
  const complete = open.complete && closed.complete;
  const page = directoryPage(ranked, offset, params.count);
  const notes = [searchedNote(all.length, complete, 'channel'), note].filter((n): n is string => Boolean(n));
  const s = summary(page.items.length, ranked.length, page.more, notes, wording);
  const searched = { entries: all.length, complete };
  const base = {
    ok: true as const,
    query: params.query,
    backend: 'legacy' as const,
    searched,
    summary: s,
    ...page.next,
  };
  const body: ChannelsBody =
    params.response_format === 'detailed'
      ? { ...base, channels: page.items }
      : { ...base, channels: page.items.map((c) => conciseChannel(c, me.url)) };
  return { body, cache: worst(open.status, closed.status) };
}

async function viaRts(
  deps: FindDeps,
  access: SlackAccess,
  me: SlackIdentity,
  params: SearchChannelsParams,
  wording: FindWording,
  cursor: { cursor: string; seen: number } | undefined,
): Promise<Answer> {
  const args = {
    query: params.query,
    limit: Math.min(RTS_PAGE_LIMIT, params.count),
    include_archived_channels: params.include_archived,
    ...(cursor ? { cursor: cursor.cursor } : {}),
  };
  const found = await rtsSearch(deps, access, me, 'channels', args);
  const list = objects(isObject(found.results) ? found.results.channels : undefined);
  const slackNext = found.response_metadata?.next_cursor || undefined;
  const seen = (cursor?.seen ?? 0) + list.length;
  const next = slackNext
    ? { response_metadata: { next_cursor: encodeFindCursor({ kind: 'rts', cursor: slackNext, seen }) } }
    : {};
  const s = summary(
    list.length,
    slackNext ? undefined : seen,
    Boolean(slackNext),
    slackNext ? ["Slack's real-time search reports no total: there are more."] : [],
    wording,
  );
  const base = { ok: true as const, query: params.query, backend: 'rts' as const, summary: s, ...next };
  const body: ChannelsBody =
    params.response_format === 'detailed'
      ? { ...found, ...base, results: { ...(isObject(found.results) ? found.results : {}), channels: list } }
      : { ...base, channels: list.map(conciseRtsChannel) };
  return { body, cache: 'MISS' };
}
