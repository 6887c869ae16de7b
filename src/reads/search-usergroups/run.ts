import type { CacheStatus } from '../../cache/types.js';
import { Errors } from '../../errors.js';
import { decodeFindCursor } from '../../slack/find-cursor.js';
import { num, objects, type SlackObject, str } from '../../slack/slack-values.js';
import { lookUpNames } from '../../slack/user-names.js';
import type { SlackAccess, SlackIdentity } from '../../slack-client/types.js';
import type { DirectorySpec, DirectoryView } from '../../slack-search/directory.js';
import { directoryPage, searchDirectories } from '../../slack-search/directory-page.js';
import { peopleNames } from '../../slack-search/people-and-channels.js';
import { directories, slackGateway } from '../common-services.js';
import type { ServicesOf } from '../services.js';
import type { Wording } from '../wording.js';
import type { ConciseUsergroup, SearchUsergroupsParams, UsergroupsBody } from './schemas.js';
import { type UsergroupsFound, usergroupsSummary } from './wording.js';

export const usergroupsServices = { slack: slackGateway, directories };
type UsergroupsDeps = ServicesOf<typeof usergroupsServices>;

/** Groups on one page whose members usergroups.users.list is asked for (Slack's Tier 2: 20 calls a minute). */
const MEMBER_LOOKUPS = 3;

/**
 * The workspace's groups, disabled ones too, with their members: one usergroups.list call (Slack sends
 * them all at once), kept in the shared cache per workspace (a guest's per token) and refreshed in the
 * background like the channel and people directories.
 */
type GroupRecord = readonly [id: string, group: SlackObject];

const GROUPS: DirectorySpec<GroupRecord> = {
  kind: 'usergroups',
  method: 'usergroups.list',
  args: { include_users: true, include_count: true, include_disabled: true },
  read: (body) =>
    objects(body.usergroups)
      .filter((g) => typeof g.id === 'string' && typeof g.handle === 'string')
      .map((g): GroupRecord => [String(g.id), g]),
  rankable: ([, g]) => ({
    names: [str(g.handle) ?? '', str(g.name) ?? ''],
    words: [str(g.description) ?? ''],
  }),
};

/** Slack marks a disabled group with the time it was disabled. */
const isDisabled = (g: SlackObject) => (num(g.date_delete) ?? Number(str(g.date_delete) ?? 0)) > 0;
/** Members as Slack listed them, or undefined when it did not (usergroups.users.list says). */
const usersOf = (g: SlackObject) =>
  Array.isArray(g.users) ? g.users.filter((u): u is string => typeof u === 'string') : undefined;
/** `user_count`, which Slack's own example sends as a string. */
const countOf = (g: SlackObject) =>
  num(g.user_count) ?? (Number(str(g.user_count)) || usersOf(g)?.length || 0);

/** The caller's offset into the ranked groups, or a 400 when the cursor is not one of ours. */
function offsetOf(cursor: string | undefined, wording: Wording): number {
  if (cursor === undefined) return 0;
  const ours = decodeFindCursor(cursor);
  if (ours?.kind !== 'offset')
    throw new Errors.BadRequest(
      `${wording.param('cursor')} was not issued by a user group search: pass next_cursor from the previous page as it is`,
    );
  return ours.offset;
}

/** The groups that match, best first (a name before a description; bigger groups first), or all by handle. */
function rank(view: DirectoryView<GroupRecord>, params: SearchUsergroupsParams): SlackObject[] {
  const keep = ([, g]: GroupRecord) => params.include_disabled || !isDisabled(g);
  if (params.query === undefined)
    return (view.held?.records ?? [])
      .filter(keep)
      .map(([, g]) => g)
      .sort((a, b) => String(a.handle).localeCompare(String(b.handle)));
  const { ranked } = searchDirectories([view], params.query, keep, ([, a], [, b]) => countOf(b) - countOf(a));
  return ranked.map(([, g]) => g);
}

/**
 * Each shown group's members: as listed, else (a group Slack listed without them, a disabled one) from
 * usergroups.users.list for the first few; the rest stay unknown and the summary says so.
 */
async function membersOf(deps: UsergroupsDeps, access: SlackAccess, groups: SlackObject[]) {
  let asked = 0;
  const members = await Promise.all(
    groups.map(async (g) => {
      const listed = usersOf(g);
      if (listed || countOf(g) === 0) return listed ?? [];
      if (asked++ >= MEMBER_LOOKUPS) return undefined;
      const args = { usergroup: String(g.id), include_disabled: true };
      const { value } = await deps.slack.cached(access, 'usergroups.users.list', args, 'list');
      return Array.isArray(value.users) ? value.users.filter((u): u is string => typeof u === 'string') : [];
    }),
  );
  return new Map(groups.map((g, i) => [g, members[i]]));
}

/** Slack's scope for the groups: a token without it is refused, as Slack would, though others filled the cache. */
const SCOPE = 'usergroups:read';

/** Members' names: the people directory read beside, users.info for whom it lacks (a few a request). */
async function namesOf(deps: UsergroupsDeps, access: SlackAccess, me: SlackIdentity, ids: string[]) {
  const directory = await peopleNames(deps, access, me);
  const missing = ids.filter((id) => directory.get(id) === undefined);
  const looked = await lookUpNames(missing, (id) => deps.slack.userName(access, id));
  return (id: string) => directory.get(id) ?? looked.get(id) ?? null;
}

function conciseGroup(
  g: SlackObject,
  members: string[] | undefined,
  name: (id: string) => string | null,
  max: number,
): ConciseUsergroup {
  const shown = (members ?? []).slice(0, max || undefined);
  return {
    usergroup_id: String(g.id),
    handle: str(g.handle) ?? '',
    name: str(g.name) ?? '',
    description: str(g.description) ?? '',
    ...(isDisabled(g) ? { disabled: true as const } : {}),
    member_count: members?.length ?? countOf(g),
    members: shown.map((id) => ({ user_id: id, user_name: name(id) })),
  };
}

/** User groups the caller can see by handle, name and description, with their members by name. */
export async function searchUsergroups(
  deps: UsergroupsDeps,
  access: SlackAccess,
  params: SearchUsergroupsParams,
  wording: Wording,
): Promise<{ body: UsergroupsBody; cache: CacheStatus }> {
  const { body, cache } = await usergroupsPage(deps, access, params, wording);
  return { body, cache };
}

/** One workspace's page of user groups, and what its summary was made from (a search across workspaces sums it). */
export async function usergroupsPage(
  deps: UsergroupsDeps,
  access: SlackAccess,
  params: SearchUsergroupsParams,
  wording: Wording,
): Promise<{ body: UsergroupsBody; cache: CacheStatus; found: UsergroupsFound }> {
  const offset = offsetOf(params.cursor, wording);
  const me = await deps.slack.whoAmI(access);
  if (me.scopes && !me.scopes.includes(SCOPE)) throw new Errors.SlackMissingScope(SCOPE);
  const guest = await deps.slack.isGuest(access);
  const scope = guest ? deps.slack.identityOf(access) : `team:${me.teamId}`;
  const stored = await deps.directories.get(access, scope, GROUPS);
  const ranked = rank(stored, params);
  const page = directoryPage(ranked, offset, params.count);
  const members = await membersOf(deps, access, page.items);
  const disabledLeft = params.include_disabled
    ? 0
    : rank(stored, { ...params, include_disabled: true }).length - ranked.length;
  const found: UsergroupsFound = {
    total: ranked.length,
    shown: page.items.length,
    more: page.more,
    loading: !stored.complete,
    disabledLeft,
    unlisted: [...members.values()].filter((m) => m === undefined).length,
    cut: page.items.filter(
      (g) => params.max_members > 0 && (members.get(g)?.length ?? 0) > params.max_members,
    ).length,
  };
  const summary = usergroupsSummary(wording, found);
  const query = params.query === undefined ? {} : { query: params.query };
  if (params.response_format === 'detailed') {
    const usergroups = page.items.map((g) => ({ ...g, users: members.get(g) ?? usersOf(g) }));
    return { body: { ok: true, ...query, usergroups, summary, ...page.next }, cache: stored.status, found };
  }
  const ids = [...members.values()].flatMap((m) => (m ?? []).slice(0, params.max_members || undefined));
  const name = await namesOf(deps, access, me, ids);
  const usergroups = page.items.map((g) => conciseGroup(g, members.get(g), name, params.max_members));
  return { body: { ok: true, ...query, usergroups, summary, ...page.next }, cache: stored.status, found };
}
