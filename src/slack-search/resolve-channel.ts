import { Errors } from '../errors.js';
import type { UserQuota } from '../rate-gates/user-quota.js';
import { isObject, objects, str } from '../slack/slack-values.js';
import { RTS_SEARCH } from '../slack-client/rts.js';
import type { SlackAccess, SlackIdentity } from '../slack-client/types.js';
import type { DirectoryView } from './directory.js';
import type { ChannelRecord } from './directory-records.js';
import { type DirectoryDeps, privateChannels, publicChannels } from './people-and-channels.js';

export interface ResolvedChannel {
  id: string;
  /** Known without asking Slack when the caller named the channel. */
  name?: string;
}

/** What `#name` is resolved with; `rtsQuota` lets a token with only Real-time Search ask it. */
export interface ResolveDeps extends DirectoryDeps {
  rtsQuota?: UserQuota;
}

/** A name Slack's search modifier takes as it is (Slack's channel names: letters, digits, `-`, `_`, `.`). */
const SEARCHABLE = /^[\p{L}\p{N}_.-]{1,80}$/u;

/** The channel of that name in what the directory holds: the exact name, else the name in lower case. */
function named(view: DirectoryView<ChannelRecord>, name: string): ResolvedChannel | undefined {
  const records = view.held?.records ?? [];
  const lower = name.toLowerCase();
  const found = records.find((r) => r[1] === name) ?? records.find((r) => r[1] === lower);
  return found ? { id: found[0], name: found[1] } : undefined;
}

/** `in:#name` through search.messages (cached per token): the channel of its first match, if any. */
async function bySearch(deps: ResolveDeps, access: SlackAccess, name: string) {
  const { value } = await deps.slack.search(access, { query: `in:#${name}`, count: 1 });
  const messages = isObject(value.messages) ? value.messages : {};
  const channel = objects(messages.matches)
    .map((m) => (isObject(m.channel) ? m.channel : {}))
    .find((c) => str(c.name)?.toLowerCase() === name.toLowerCase());
  const id = str(channel?.id);
  return id ? { id, name: str(channel?.name) } : undefined;
}

/** Real-time Search for channels by that name (never stored; counted against the user's quota). */
async function byRealTimeSearch(deps: ResolveDeps, access: SlackAccess, me: SlackIdentity, name: string) {
  const quota = deps.rtsQuota;
  if (!quota) return undefined;
  const admit = async (who: SlackIdentity) => {
    if ((await quota.take(`${who.teamId}:${who.userId}`)) > 0) throw new Error('quota spent');
  };
  const types = me.scopes?.includes('search:read.private')
    ? 'public_channel,private_channel'
    : 'public_channel';
  const args = { query: name, content_types: 'channels', channel_types: types, limit: 20 };
  const body = await deps.slack.live(access, RTS_SEARCH, args, admit);
  const results = isObject(body.results) ? body.results : {};
  const channel = objects(results.channels).find((c) => str(c.name)?.toLowerCase() === name.toLowerCase());
  const id = /\/archives\/([CG][A-Z0-9]+)/.exec(str(channel?.permalink) ?? '')?.[1];
  return id ? { id, name: str(channel?.name) } : undefined;
}

/** Slack's own search for the name, when the directories have not reached it yet: no list to wait for. */
async function searchFor(deps: ResolveDeps, access: SlackAccess, me: SlackIdentity, name: string) {
  if (!SEARCHABLE.test(name)) return undefined;
  const scopes = me.scopes ?? [];
  const search = scopes.includes('search:read')
    ? bySearch(deps, access, name)
    : scopes.includes('search:read.public')
      ? byRealTimeSearch(deps, access, me, name)
      : undefined;
  return search?.catch(() => undefined);
}

/**
 * An id as it is; `#name` by the cheapest way that knows it: the public channel directory (one per
 * workspace, shared by every caller), then the caller's private one, both as far as they are loaded; then,
 * while either is still loading, Slack's search for the name (`in:#name`, or Real-time Search's channels),
 * so a read by name does not wait for the whole list. 404 naming it when none finds it.
 */
export async function resolveChannel(
  deps: ResolveDeps,
  access: SlackAccess,
  ref: string,
): Promise<ResolvedChannel> {
  if (!ref.startsWith('#')) return { id: ref };
  const name = ref.slice(1);
  const me = await deps.slack.whoAmI(access);
  const open = await publicChannels(deps, access, me);
  const inOpen = named(open, name);
  if (inOpen) return inOpen;
  const closed = await privateChannels(deps, access);
  const found = named(closed, name) ?? (await searchUnlessComplete(deps, access, me, name, [open, closed]));
  if (found) return found;
  const loaded = (open.held?.records.length ?? 0) + (closed.held?.records.length ?? 0);
  const where =
    open.complete && closed.complete
      ? ''
      : ` among the ${loaded} channels loaded so far (the list is still loading from Slack: use the id, or ask again in a minute)`;
  throw new Errors.SlackNotFound(`no channel named #${name} that this Slack token can see${where}`);
}

function searchUnlessComplete(
  deps: ResolveDeps,
  access: SlackAccess,
  me: SlackIdentity,
  name: string,
  views: DirectoryView<ChannelRecord>[],
) {
  return views.every((v) => v.complete) ? undefined : searchFor(deps, access, me, name);
}

/** What a summary calls the channel: `#deploys`, else its id. */
export const channelLabel = (channel: ResolvedChannel) => (channel.name ? `#${channel.name}` : channel.id);
