import type { ConversationKind } from '../consent-scopes.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const ARCHIVES = /\/archives\/([CGD][A-Z0-9]{2,40})(?:[/?#]|$)/;

/** Where an answer's item was posted, as far as the item says: its conversation's id, name and kind. */
export interface Place {
  id?: string;
  /** A channel's name (never a DM's, which Slack names after a person). */
  name?: string;
  kind?: ConversationKind;
  /** A channel whose privacy the item does not say. */
  channel?: boolean;
}

const kindOfFlags = (flags: Obj): ConversationKind | undefined => {
  if (flags.is_im === true) return 'im';
  if (flags.is_mpim === true) return 'mpim';
  if (typeof flags.is_private === 'boolean') return flags.is_private ? 'private' : 'public';
  if (flags.is_group === true) return 'private';
  if (flags.is_channel === true) return 'public';
  return undefined;
};

/**
 * A message match (concise: channel_id, channel_name, conversation_label; search.messages: the `channel`
 * object and its flags; Real-time Search: channel_id and channel_name) or a channel (concise or Slack's).
 */
export function placeOf(item: Obj, list: 'messages' | 'channels'): Place {
  const channel = isObj(item.channel) ? item.channel : undefined;
  const own = list === 'channels' ? item : undefined;
  const id =
    text(item.channel_id) ??
    text(channel?.id) ??
    text(item.channel) ??
    (own && /^[CGD]/.test(String(item.id)) ? text(item.id) : undefined) ??
    ARCHIVES.exec(text(item.permalink) ?? '')?.[1];
  const name = text(item.channel_name) ?? text(channel?.name) ?? text(own?.name);
  const label = text(item.conversation_label);
  let kind = (channel && kindOfFlags(channel)) ?? (own && kindOfFlags(own));
  if (!kind) {
    if (id?.startsWith('D') || label?.startsWith('DM')) kind = 'im';
    else if (label?.startsWith('group DM') || name?.startsWith('mpdm-')) kind = 'mpim';
  }
  if (kind === 'im' || kind === 'mpim') return { id, kind };
  return { id, name, kind, channel: kind === undefined };
}

/** The conversations a file is shared in, when the item lists them (search.files and files.info do). */
export function sharesOf(file: Obj): string[] | undefined {
  const lists = [file.channels, file.groups, file.ims].filter(Array.isArray) as unknown[][];
  const shares = isObj(file.shares) ? Object.values(file.shares).filter(isObj).flatMap(Object.keys) : [];
  if (lists.length === 0 && shares.length === 0) return undefined;
  return [...new Set([...lists.flat().filter((v): v is string => typeof v === 'string'), ...shares])];
}
