import type { CacheStatus } from '../../cache/types.js';
import { filled, isObject, type SlackObject, str } from '../../slack/slack-values.js';
import type { SlackAccess, SlackIdentity } from '../../slack-client/types.js';
import { searchDirectories } from '../../slack-search/directory-page.js';
import { expandPerson, isBot, isDeactivated } from '../../slack-search/directory-records.js';
import { peopleDirectory } from '../../slack-search/people-and-channels.js';
import { type FindDeps, runFind } from '../find-backend.js';
import {
  type DirectoryFound,
  directorySummary,
  legacyDirectoryPage,
  rtsDirectoryPage,
} from '../find-page.js';
import type { FindWording } from '../find-wording.js';
import type { ConciseUser, SearchUsersParams, UsersBody } from './schemas.js';

type Answer = { body: UsersBody; cache: CacheStatus };

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

/** A real-time search user result: what Slack matched (`content`) is not split into title and names. */
function conciseRtsUser(u: SlackObject): ConciseUser {
  return {
    user_id: str(u.user_id) ?? '',
    name: str(u.name) ?? '',
    real_name: str(u.real_name) ?? '',
    title: null,
    is_bot: null,
    permalink: str(u.permalink) ?? '',
  };
}

const summarise = (wording: FindWording) => (found: DirectoryFound) =>
  directorySummary(
    ['person', 'people'],
    found,
    found.shown > 0
      ? [wording.personMessages]
      : ['Try a handle, a name or a job title; include_bots or include_deleted for those.'],
  );

/** People by handle, names and title: Real-time Search, else the people directory, ranked. */
export async function searchUsers(
  deps: FindDeps,
  access: SlackAccess,
  params: SearchUsersParams,
  wording: FindWording,
): Promise<Answer> {
  return runFind(deps, access, { cursor: params.cursor, wording, what: 'people' }, 'users', {
    rts: (me, cursor) => viaRts(deps, access, me, params, wording, cursor),
    legacy: (me, cursor, note) =>
      viaDirectory(deps, access, me, params, wording, cursor?.kind === 'offset' ? cursor.offset : 0, note),
  });
}

async function viaDirectory(
  deps: FindDeps,
  access: SlackAccess,
  me: SlackIdentity,
  params: SearchUsersParams,
  wording: FindWording,
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
  deps: FindDeps,
  access: SlackAccess,
  me: SlackIdentity,
  params: SearchUsersParams,
  wording: FindWording,
  cursor: { cursor: string; seen: number } | undefined,
): Promise<Answer> {
  const filters = { include_bots: params.include_bots, include_deleted_users: params.include_deleted };
  const page = await rtsDirectoryPage(deps, access, me, 'users', params, filters, cursor, summarise(wording));
  const body: UsersBody =
    params.response_format === 'detailed'
      ? page.detailed
      : { ...page.base, users: page.list.map(conciseRtsUser) };
  return { body, cache: 'MISS' };
}
