import type { CacheStatus } from '../cache/types.js';
import { filled, isObject, num, objects, type SlackObject, str } from '../slack/slack-values.js';
import { displayNameOf } from '../slack/user-names.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess, SlackIdentity } from '../slack-client/types.js';
import type { Directories, DirectorySpec, Snapshot } from './directory.js';

/** What the directories are read with. */
export interface DirectoryDeps {
  slack: SlackGateway;
  directories: Directories;
}

/** A channel as conversations.list sends it, with only the fields a search shows. */
const channelFields = (c: SlackObject): SlackObject => ({
  id: c.id,
  name: c.name,
  is_private: c.is_private === true,
  is_archived: c.is_archived === true,
  ...(num(c.num_members) !== undefined ? { num_members: c.num_members } : {}),
  topic: { value: isObject(c.topic) ? (str(c.topic.value) ?? '') : '' },
  purpose: { value: isObject(c.purpose) ? (str(c.purpose.value) ?? '') : '' },
  created: c.created,
});

const readChannels = (body: SlackObject) =>
  objects(body.channels)
    .filter((c) => typeof c.id === 'string' && typeof c.name === 'string')
    .map(channelFields);

/** A person as users.list sends them, with only the fields a search shows; email only when `withEmail`. */
const userFields =
  (withEmail: boolean) =>
  (u: SlackObject): SlackObject => {
    const p = isObject(u.profile) ? u.profile : {};
    const email = withEmail ? filled(p.email) : undefined;
    return {
      id: u.id,
      name: u.name,
      real_name: str(u.real_name) ?? str(p.real_name) ?? '',
      deleted: u.deleted === true,
      is_bot: u.is_bot === true || u.is_app_user === true || u.id === 'USLACKBOT',
      ...(filled(u.tz) ? { tz: u.tz } : {}),
      profile: {
        title: str(p.title) ?? '',
        display_name: str(p.display_name) ?? '',
        real_name: str(p.real_name) ?? '',
        ...(email ? { email } : {}),
      },
    };
  };

const readUsers = (withEmail: boolean) => (body: SlackObject) =>
  objects(body.members)
    .filter((u) => typeof u.id === 'string' && typeof u.name === 'string')
    .map(userFields(withEmail));

/** A guest (single- or multi-channel) sees only part of the workspace: their directories are their own. */
export async function isGuest(deps: DirectoryDeps, access: SlackAccess, me: SlackIdentity): Promise<boolean> {
  try {
    const { value } = await deps.slack.cached(access, 'users.info', { user: me.userId }, 'list');
    const user = isObject(value.user) ? value.user : {};
    return user.is_restricted === true || user.is_ultra_restricted === true;
  } catch {
    return true;
  }
}

/**
 * The channel directories a caller searches: public channels per workspace (every member sees the same;
 * a guest's are their own), private channels per token (Slack lists only those the user is in).
 */
export async function channelDirectories(deps: DirectoryDeps, access: SlackAccess, me: SlackIdentity) {
  const identity = deps.slack.identityOf(access);
  const guest = await isGuest(deps, access, me);
  const publicSpec: DirectorySpec<SlackObject> = {
    kind: 'channels-public',
    method: 'conversations.list',
    args: { types: 'public_channel', exclude_archived: false },
    read: readChannels,
  };
  const privateSpec: DirectorySpec<SlackObject> = {
    kind: 'channels-private',
    method: 'conversations.list',
    args: { types: 'private_channel', exclude_archived: false },
    read: readChannels,
  };
  return Promise.all([
    deps.directories.get(access, guest ? identity : `team:${me.teamId}`, publicSpec),
    // A token without groups:read still finds public channels.
    deps.directories
      .get(access, identity, privateSpec)
      .catch((err: unknown): Snapshot<SlackObject> & { status: CacheStatus } => {
        if ((err as { code?: string })?.code === 'AS_ERR_SLACK_MISSING_SCOPE')
          return { items: [], complete: true, loadedAt: 0, status: 'HIT' };
        throw err;
      }),
  ]);
}

/**
 * The people directory a caller searches: per workspace for members (all see everyone; split by whether
 * the token may read emails, so an email never reaches a token that could not read it), per token for a guest.
 */
export async function peopleDirectory(deps: DirectoryDeps, access: SlackAccess, me: SlackIdentity) {
  const { spec, team, own } = peopleViews(deps, access, me);
  return deps.directories.get(access, (await isGuest(deps, access, me)) ? own : team, spec);
}

/** The people directory's spec and its two views: the workspace's (by email access) and the token's own. */
function peopleViews(deps: DirectoryDeps, access: SlackAccess, me: SlackIdentity) {
  const withEmail = me.scopes?.includes('users:read.email') === true;
  const spec: DirectorySpec<SlackObject> = {
    kind: 'people',
    method: 'users.list',
    args: {},
    read: readUsers(withEmail),
  };
  return {
    spec,
    team: `team:${me.teamId}:${withEmail ? 'email' : 'plain'}`,
    own: deps.slack.identityOf(access),
  };
}

/**
 * Display names from the people directory, read beside a search so its authors need no users.info round
 * trip after it: the stored directory of the caller's view, or, when neither view is stored, the first
 * users.list page asked now (beside the guest check, kept under the view that applies; the load goes on in
 * the background). Waits at most `waitMs`; an id it lacks is looked up as before.
 */
export async function peopleNames(
  deps: DirectoryDeps,
  access: SlackAccess,
  me: SlackIdentity,
  waitMs: number,
): Promise<Map<string, string>> {
  const { spec, team, own } = peopleViews(deps, access, me);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<SlackObject[]>((resolve) => {
    timer = setTimeout(() => resolve([]), waitMs);
  });
  const read = async (): Promise<SlackObject[]> => {
    const guest = isGuest(deps, access, me);
    const [ours, theirs] = await Promise.all([
      deps.directories.peek<SlackObject>(team, spec),
      deps.directories.peek<SlackObject>(own, spec),
    ]);
    const firstPage = ours || theirs ? undefined : deps.directories.firstPage(access, spec);
    const view = (await guest) ? own : team;
    const stored = await deps.directories.get(access, view, spec, { firstPage, waitMs: 0 });
    if (stored.items.length > 0 || !firstPage) return stored.items;
    return spec.read(await firstPage);
  };
  const items = await Promise.race([read().catch(() => []), timeout]).finally(() => clearTimeout(timer));
  const names = new Map<string, string>();
  for (const user of items) {
    const name = displayNameOf(user);
    if (typeof user.id === 'string' && name) names.set(user.id, name);
  }
  return names;
}
