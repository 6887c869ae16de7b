import type { Rankable } from '../slack/rank-directory.js';
import { filled, isObject, num, objects, type SlackObject, str } from '../slack/slack-values.js';

/**
 * A person as a directory keeps them: id, handle, real name, display name, title, time zone ('' for none),
 * flags (1 deactivated, 2 bot), email ('' unless the view may read emails), and the profile's real name
 * when it differs from the real name. A tuple, not an object: no field names in Redis or in the process,
 * about a third of the JSON (`bench/directories.ts` measures it).
 */
export type PersonRecord = [string, string, string, string, string, string, number, string?, string?];

/** A channel as a directory keeps it: id, name, topic, purpose, flags (1 private, 2 archived), created, members. */
export type ChannelRecord = [string, string, string, string, number, number | null, (number | null)?];

const DELETED = 1;
const BOT = 2;
const PRIVATE = 1;
const ARCHIVED = 2;

function personRecord(u: SlackObject, withEmail: boolean): PersonRecord {
  const p = isObject(u.profile) ? u.profile : {};
  const realName = str(u.real_name) ?? str(p.real_name) ?? '';
  const profileName = str(p.real_name) ?? '';
  const flags =
    (u.deleted === true ? DELETED : 0) |
    (u.is_bot === true || u.is_app_user === true || u.id === 'USLACKBOT' ? BOT : 0);
  const email = (withEmail ? filled(p.email) : undefined) ?? '';
  const record: PersonRecord = [
    String(u.id),
    String(u.name),
    realName,
    str(p.display_name) ?? '',
    str(p.title) ?? '',
    filled(u.tz) ?? '',
    flags,
  ];
  if (email || profileName !== realName) record.push(email);
  if (profileName !== realName) record.push(profileName);
  return record;
}

/** The people of a users.list page, as records; email only when `withEmail`. */
export const readPeople = (withEmail: boolean) => (body: SlackObject) =>
  objects(body.members)
    .filter((u) => typeof u.id === 'string' && typeof u.name === 'string')
    .map((u) => personRecord(u, withEmail));

/** A person as searches show them (users.list's fields a search needs). */
export function expandPerson(r: PersonRecord): SlackObject {
  const [id, name, realName, displayName, title, tz, flags, email, profileName] = r;
  return {
    id,
    name,
    real_name: realName,
    deleted: (flags & DELETED) !== 0,
    is_bot: (flags & BOT) !== 0,
    ...(tz ? { tz } : {}),
    profile: {
      title,
      display_name: displayName,
      real_name: profileName ?? realName,
      ...(email ? { email } : {}),
    },
  };
}

/** A person's title and time zone: many people share each. */
export const PERSON_REPEATED = [4, 5] as const;
export const personRankable = (r: PersonRecord): Rankable => ({ names: [r[1], r[2], r[3]], words: [r[4]] });
export const isDeactivated = (r: PersonRecord) => (r[6] & DELETED) !== 0;
export const isBot = (r: PersonRecord) => (r[6] & BOT) !== 0;

const textOf = (v: unknown) => (isObject(v) ? (str(v.value) ?? '') : '');

function channelRecord(c: SlackObject): ChannelRecord {
  const flags = (c.is_private === true ? PRIVATE : 0) | (c.is_archived === true ? ARCHIVED : 0);
  const created = num(c.created) ?? null;
  const record: ChannelRecord = [
    String(c.id),
    String(c.name),
    textOf(c.topic),
    textOf(c.purpose),
    flags,
    created,
  ];
  const members = num(c.num_members);
  if (members !== undefined) record.push(members);
  return record;
}

/** The channels of a conversations.list page, as records. */
export const readChannels = (body: SlackObject) =>
  objects(body.channels)
    .filter((c) => typeof c.id === 'string' && typeof c.name === 'string')
    .map(channelRecord);

/** A channel as searches show it (conversations.list's fields a search needs). */
export function expandChannel(r: ChannelRecord): SlackObject {
  const [id, name, topic, purpose, flags, created, members] = r;
  return {
    id,
    name,
    is_private: (flags & PRIVATE) !== 0,
    is_archived: (flags & ARCHIVED) !== 0,
    ...(typeof members === 'number' ? { num_members: members } : {}),
    topic: { value: topic },
    purpose: { value: purpose },
    ...(created !== null ? { created } : {}),
  };
}

/** A channel's topic and purpose: often empty or shared. */
export const CHANNEL_REPEATED = [2, 3] as const;
export const channelRankable = (r: ChannelRecord): Rankable => ({ names: [r[1]], words: [r[2], r[3]] });
export const isArchived = (r: ChannelRecord) => (r[4] & ARCHIVED) !== 0;
export const membersOf = (r: ChannelRecord) => r[6] ?? 0;
