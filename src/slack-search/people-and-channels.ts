import { displayNameOf } from '../slack/user-names.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess, SlackIdentity } from '../slack-client/types.js';
import type { Directories, DirectorySpec, DirectoryView } from './directory.js';
import {
  CHANNEL_REPEATED,
  type ChannelRecord,
  channelRankable,
  expandPerson,
  PERSON_REPEATED,
  type PersonRecord,
  personRankable,
  readChannels,
  readPeople,
} from './directory-records.js';

/** What the directories are read with. */
export interface DirectoryDeps {
  slack: SlackGateway;
  directories: Directories;
}

const channelSpec = (visibility: 'public' | 'private'): DirectorySpec<ChannelRecord> => ({
  kind: `channels-${visibility}`,
  method: 'conversations.list',
  args: { types: `${visibility}_channel`, exclude_archived: false },
  read: readChannels,
  rankable: channelRankable,
  repeated: CHANNEL_REPEATED,
});

const PUBLIC_CHANNELS = channelSpec('public');
const PRIVATE_CHANNELS = channelSpec('private');

/** A directory Slack lists nothing in for this token (no scope for it): complete and empty. */
const nothing = <T extends ChannelRecord>(): DirectoryView<T> => ({
  held: undefined,
  status: 'HIT',
  complete: true,
  bounded: false,
});

/** The view of public channels the caller shares: the workspace's, or a guest's own. */
async function publicScope(deps: DirectoryDeps, access: SlackAccess, me: SlackIdentity) {
  return (await deps.slack.isGuest(access)) ? deps.slack.identityOf(access) : `team:${me.teamId}`;
}

/** Public channels as the caller sees them (per workspace; a guest's are their own). */
export async function publicChannels(
  deps: DirectoryDeps,
  access: SlackAccess,
  me: SlackIdentity,
  waitMs?: number,
) {
  return deps.directories.get(access, await publicScope(deps, access, me), PUBLIC_CHANNELS, { waitMs });
}

/** Private channels the token's user is in (per token: Slack lists only those); none without groups:read. */
export function privateChannels(
  deps: DirectoryDeps,
  access: SlackAccess,
  waitMs?: number,
): Promise<DirectoryView<ChannelRecord>> {
  return deps.directories
    .get(access, deps.slack.identityOf(access), PRIVATE_CHANNELS, { waitMs })
    .catch((err: unknown) => {
      if ((err as { code?: string })?.code === 'AS_ERR_SLACK_MISSING_SCOPE') return nothing();
      throw err;
    });
}

/**
 * The channel directories a caller searches: public channels per workspace (every member sees the same;
 * a guest's are their own), private channels per token (Slack lists only those the user is in).
 */
export function channelDirectories(deps: DirectoryDeps, access: SlackAccess, me: SlackIdentity) {
  return Promise.all([publicChannels(deps, access, me), privateChannels(deps, access)]);
}

/**
 * The people directory a caller searches: per workspace for members (all see everyone; split by whether
 * the token may read emails, so an email never reaches a token that could not read it), per token for a guest.
 */
export async function peopleDirectory(deps: DirectoryDeps, access: SlackAccess, me: SlackIdentity) {
  const { spec, team, own } = peopleViews(deps, access, me);
  return deps.directories.get(access, (await deps.slack.isGuest(access)) ? own : team, spec);
}

/** The people directory's spec and its two views: the workspace's (by email access) and the token's own. */
function peopleViews(deps: DirectoryDeps, access: SlackAccess, me: SlackIdentity) {
  const withEmail = me.scopes?.includes('users:read.email') === true;
  const spec: DirectorySpec<PersonRecord> = {
    kind: 'people',
    method: 'users.list',
    args: {},
    read: readPeople(withEmail),
    rankable: personRankable,
    repeated: PERSON_REPEATED,
  };
  return {
    spec,
    team: `team:${me.teamId}:${withEmail ? 'email' : 'plain'}`,
    own: deps.slack.identityOf(access),
  };
}

/** Display names by user id. */
export interface NameLookup {
  get(id: string): string | undefined;
}

const nameOf = (record: PersonRecord | undefined) =>
  record ? displayNameOf(expandPerson(record)) : undefined;

/** Names from the records of a first page (a few hundred): a map of them. */
function namesOfRecords(records: PersonRecord[]): NameLookup {
  const names = new Map<string, string>();
  for (const record of records) {
    const name = nameOf(record);
    if (name) names.set(record[0], name);
  }
  return names;
}

const NO_NAMES: NameLookup = { get: () => undefined };

/** How long a read waits for the people directory's names before asking users.info for them. */
const DIRECTORY_NAMES_WAIT_MS = 1_500;

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
  waitMs = DIRECTORY_NAMES_WAIT_MS,
): Promise<NameLookup> {
  const { spec, team, own } = peopleViews(deps, access, me);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<NameLookup>((resolve) => {
    timer = setTimeout(() => resolve(NO_NAMES), waitMs);
  });
  const read = async (): Promise<NameLookup> => {
    const guest = deps.slack.isGuest(access);
    const [ours, theirs] = await Promise.all([
      deps.directories.peek(team, spec),
      deps.directories.peek(own, spec),
    ]);
    const firstPage = ours || theirs ? undefined : deps.directories.firstPage(access, spec);
    const view = (await guest) ? own : team;
    const stored = await deps.directories.get(access, view, spec, { firstPage, waitMs: 0 });
    const held = stored.held;
    if (held && held.records.length > 0) return { get: (id) => nameOf(held.byId(id)) };
    return firstPage ? namesOfRecords(spec.read(await firstPage)) : NO_NAMES;
  };
  return Promise.race([read().catch(() => NO_NAMES), timeout]).finally(() => clearTimeout(timer));
}
