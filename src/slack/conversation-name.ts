import { type ReadNames, userLabel } from './mrkdwn.js';
import { filled, isObject, type SlackObject, str } from './slack-values.js';

export interface Conversation {
  id: string;
  /** The channel's name (`engineering`); null for DMs and group DMs, and when Slack sent none. */
  name: string | null;
  /** DMs and group DMs only: who it is with, `DM with @Maya Chen`, `group DM with @leo, @maya`. */
  label?: string;
  kind: 'channel' | 'im' | 'mpim';
}

const USER_ID = /^[UW][A-Z0-9]{2,}$/;
const PERMALINK = /\/archives\/([A-Z0-9]+)\/p(\d{10})(\d{6})/;

/** Channel id and ts from a Slack permalink (`…/archives/C…/p1508284197000015`). */
export function readPermalink(permalink: unknown): { channel: string; ts: string } | undefined {
  const m = str(permalink)?.match(PERMALINK);
  return m ? { channel: m[1], ts: `${m[2]}.${m[3]}` } : undefined;
}

/** `mpdm-ana--leo--maya-1` → `@ana, @leo, @maya`. */
const mpimMembers = (name: string) =>
  name
    .replace(/^mpdm-/, '')
    .replace(/-\d+$/, '')
    .split('--')
    .filter(Boolean)
    .map((handle) => `@${handle}`)
    .join(', ');

/**
 * Where a search match was posted, read from every form Slack uses: `channel` as an object, a bare id
 * string or missing (then the permalink says); DMs flagged by `is_im`, `type: "im"` or a `D…` id; group
 * DMs by `is_mpim` (on the channel or the match), `type: "mpim"` or an `mpdm-…` name. A DM is named after
 * the other person: `channel.user`, a user-id name, or the author when that is not the viewer.
 */
export function readConversation(match: SlackObject, names: ReadNames = {}, viewerId?: string): Conversation {
  const channel = isObject(match.channel) ? match.channel : {};
  const id =
    filled(channel.id) ?? filled(str(match.channel)) ?? readPermalink(match.permalink)?.channel ?? '';
  const name = filled(channel.name);
  const im = channel.is_im === true || channel.type === 'im' || id.startsWith('D');
  const mpim =
    channel.is_mpim === true ||
    match.is_mpim === true ||
    channel.type === 'mpim' ||
    Boolean(name?.startsWith('mpdm-'));
  if (mpim) {
    const members = name?.startsWith('mpdm-') ? mpimMembers(name) : '';
    return { id, name: null, label: members ? `group DM with ${members}` : 'group DM', kind: 'mpim' };
  }
  if (im) {
    const author = filled(match.user);
    const other =
      filled(channel.user) ??
      (name && USER_ID.test(name) ? name : undefined) ??
      (viewerId && author && author !== viewerId ? author : undefined);
    return { id, name: null, label: other ? `DM with ${userLabel(other, names)}` : 'DM', kind: 'im' };
  }
  return { id, name: name ?? null, kind: 'channel' };
}
