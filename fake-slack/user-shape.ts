import { createHash } from 'node:crypto';
import type { WorkspaceTeam, WorkspaceUser } from './workspace-types.js';

const TIMEZONES: Record<string, [label: string, offset: number]> = {
  'America/Los_Angeles': ['Pacific Standard Time', -28800],
  'America/New_York': ['Eastern Standard Time', -18000],
  'Europe/London': ['Greenwich Mean Time', 0],
  'Europe/Berlin': ['Central European Time', 3600],
  'Europe/Madrid': ['Central European Time', 3600],
  'Europe/Warsaw': ['Central European Time', 3600],
  'Africa/Lagos': ['West Africa Time', 3600],
  'Asia/Kolkata': ['India Standard Time', 19800],
  'Asia/Tokyo': ['Japan Standard Time', 32400],
};

export const normalizeName = (name: string): string => name.normalize('NFD').replace(/\p{M}/gu, '');

/** The workspace a person is seen from: their own (Slack Connect), `teamId` if a member, else their home. */
export function homeTeam(user: WorkspaceUser, teamId: string): string {
  if (user.teamId) return user.teamId;
  if (!user.teams || user.teams.includes(teamId)) return teamId;
  return user.teams[0] ?? teamId;
}

/** Grid's `enterprise_user`: the organisation and the workspaces the person belongs to. */
const enterpriseUser = (user: WorkspaceUser, team: WorkspaceTeam) =>
  user.teams && team.enterpriseId
    ? {
        enterprise_user: {
          id: user.id,
          enterprise_id: team.enterpriseId,
          enterprise_name: team.enterpriseName ?? '',
          is_admin: user.isAdmin ?? false,
          is_owner: false,
          teams: [...user.teams],
        },
      }
    : {};

/** users.info `user`, with the field set of Slack's documented example. */
export function userShape(user: WorkspaceUser, team: WorkspaceTeam) {
  const hash = createHash('md5').update(user.id).digest('hex');
  const teamId = homeTeam(user, team.id);
  const image = (size: number | string) =>
    `https://avatars.slack-edge.example/${teamId}/${user.id}/${hash.slice(0, 12)}_${size}.png`;
  const email = user.email ?? `${user.name}@${team.domain}.example.com`;
  const tz = user.tz ?? 'Europe/London';
  const [tzLabel, tzOffset] = TIMEZONES[tz] ?? ['Coordinated Universal Time', 0];
  const [firstName = '', ...rest] = user.realName.split(' ');
  const displayName = user.displayName ?? user.name;
  return {
    id: user.id,
    team_id: teamId,
    name: user.name,
    deleted: user.deleted ?? false,
    color: hash.slice(0, 6),
    real_name: user.realName,
    tz,
    tz_label: tzLabel,
    tz_offset: tzOffset,
    profile: {
      title: user.title ?? '',
      phone: '',
      skype: '',
      real_name: user.realName,
      real_name_normalized: normalizeName(user.realName),
      display_name: displayName,
      display_name_normalized: normalizeName(displayName),
      fields: null,
      status_text: '',
      status_emoji: '',
      status_expiration: 0,
      avatar_hash: hash.slice(0, 12),
      ...(user.isBot ? { bot_id: user.botId } : { email }),
      first_name: firstName,
      last_name: rest.join(' '),
      image_24: image(24),
      image_32: image(32),
      image_48: image(48),
      image_72: image(72),
      image_192: image(192),
      image_512: image(512),
      team: teamId,
    },
    is_admin: user.isAdmin ?? false,
    is_owner: false,
    is_primary_owner: false,
    is_restricted: user.isRestricted ?? false,
    is_ultra_restricted: false,
    is_bot: user.isBot ?? false,
    is_app_user: false,
    ...enterpriseUser(user, team),
    updated: 1767225600,
    ...(user.isBot ? {} : { has_2fa: false }),
  };
}
