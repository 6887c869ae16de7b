import type { CacheStatus } from '../../cache/types.js';
import { filled, isObject, type SlackObject, str } from '../../slack/slack-values.js';
import type { SlackAccess, SlackIdentity } from '../../slack-client/types.js';
import { searchDirectories } from '../../slack-search/directory-page.js';
import { expandPerson, isBot, isDeactivated } from '../../slack-search/directory-records.js';
import { peopleDirectory } from '../../slack-search/people-and-channels.js';
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
import type { ConciseUser, SearchUsersParams, UsersBody } from './schemas.js';

type Answer = { body: UsersBody; cache: CacheStatus };

export const usersServices = { ...findServices, directories };
type UsersDeps = ServicesOf<typeof usersServices>;

/** Real-time Search's people: search:read.users. */
const USERS: RtsContent = { type: 'users', scope: 'search:read.users' };

const profileOf = (u: SlackObject) => (isObject(u.profile) ? u.profile : {});

function conciseUser(u: SlackObject, workspaceUrl: string, params: SearchUsersParams): ConciseUser {
  const p = profileOf(u);
  const id = str(u.id) ?? '';
  const realName = str(u.real_name) ?? '';
  const display = filled(p.display_name);
  return {
    user_id: id,
    name: str(u.name) ?? '',
    real_name: realName,
    ...(display && display !== realName ? { display_name: display } : {}),
    title: filled(p.title) ?? null,
    is_bot: u.is_bot === true,
    ...(params.include_deleted && u.deleted === true ? { deleted: true } : {}),
    ...(filled(u.tz) ? { tz: str(u.tz) } : {}),
    ...(params.include_email && filled(p.email) ? { email: str(p.email) } : {}),
    permalink: `${workspaceUrl}team/${id}`,
  };
}

/**
 * A real-time search user result. Slack's samples disagree: the method's reference sends `name`, `real_name`
 * and what matched (`content`); its guide and live answers send `full_name`, `title`, `timezone`, `email`.
 * Whatever is there is read; what is not stays null (title, is_bot) or absent.
 */
function conciseRtsUser(u: SlackObject, params: SearchUsersParams): ConciseUser {
  const realName = filled(u.real_name) ?? filled(u.full_name) ?? '';
  const display = filled(u.display_name);
  const tz = filled(u.timezone) ?? filled(u.tz);
  return {
    user_id: str(u.user_id) ?? '',
    name: str(u.name) ?? '',
    real_name: realName,
    ...(display && display !== realName ? { display_name: display } : {}),
    title: filled(u.title) ?? null,
    is_bot: typeof u.is_bot === 'boolean' ? u.is_bot : null,
    ...(params.include_deleted && u.deleted === true ? { deleted: true } : {}),
    ...(tz ? { tz } : {}),
    ...(params.include_email && filled(u.email) ? { email: str(u.email) } : {}),
    permalink: str(u.permalink) ?? '',
  };
}

/** A detailed real-time search user without `email` unless asked for (Slack sends it unasked). */
const rtsDetailedUser = (params: SearchUsersParams) => (u: SlackObject) => {
  if (params.include_email || !('email' in u)) return u;
  const { email: _email, ...rest } = u;
  return rest;
};

export const summarise = (wording: Wording) => (found: DirectoryFound) =>
  directorySummary(
    ['person', 'people'],
    found,
    found.shown > 0
      ? [
          wording.surface === 'rest'
            ? `Their messages: GET ${wording.path('search-messages')}?from_users={user_id}&query=….`
            : `Their messages: ${wording.tool('search-messages')} with from_users=[user_id].`,
        ]
      : ['Try a handle, a name or a job title; include_bots or include_deleted for those.'],
  );

/** People by handle, names and title: Real-time Search, else the people directory, ranked. */
export async function searchUsers(
  deps: UsersDeps,
  access: SlackAccess,
  params: SearchUsersParams,
  wording: Wording,
): Promise<Answer> {
  return runFind(deps, access, { cursor: params.cursor, wording, what: 'people' }, USERS, {
    rts: (me, cursor) => viaRts(deps, access, me, params, wording, cursor),
    legacy: (me, cursor, note) =>
      viaDirectory(deps, access, me, params, wording, cursor?.kind === 'offset' ? cursor.offset : 0, note),
  });
}

async function viaDirectory(
  deps: UsersDeps,
  access: SlackAccess,
  me: SlackIdentity,
  params: SearchUsersParams,
  wording: Wording,
  offset: number,
  note?: string,
): Promise<Answer> {
  const people = await peopleDirectory(deps, access, me);
  const { ranked, searched } = searchDirectories(
    [people],
    params.query,
    (u) => (params.include_deleted || !isDeactivated(u)) && (params.include_bots || !isBot(u)),
  );
  const page = legacyDirectoryPage(
    params,
    ranked,
    searched,
    { offset, note, what: 'person' },
    summarise(wording),
  );
  const { base } = page;
  const items = page.items.map(expandPerson);
  const withoutEmail = (u: SlackObject) =>
    params.include_email ? u : { ...u, profile: { ...profileOf(u), email: undefined } };
  const body: UsersBody =
    params.response_format === 'detailed'
      ? { ...base, users: items.map(withoutEmail) }
      : { ...base, users: items.map((u) => conciseUser(u, me.url, params)) };
  return { body, cache: people.status };
}

async function viaRts(
  deps: UsersDeps,
  access: SlackAccess,
  me: SlackIdentity,
  params: SearchUsersParams,
  wording: Wording,
  cursor: { cursor: string; seen: number } | undefined,
): Promise<Answer> {
  const filters = { include_bots: params.include_bots, include_deleted_users: params.include_deleted };
  const page = await rtsDirectoryPage(deps, access, me, USERS, params, filters, cursor, summarise(wording));
  const detailed = () => {
    const results = isObject(page.detailed.results) ? page.detailed.results : {};
    const users = page.list.map(rtsDetailedUser(params));
    return { ...page.detailed, results: { ...results, users } };
  };
  const body: UsersBody =
    params.response_format === 'detailed'
      ? detailed()
      : { ...page.base, users: page.list.map((u) => conciseRtsUser(u, params)) };
  return { body, cache: 'MISS' };
}
