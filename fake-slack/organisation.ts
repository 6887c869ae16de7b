import type { Organisation, Workspace, WorkspaceTeam, WorkspaceUser } from './workspace-types.js';

/** The workspaces an org-wide app is approved in. */
export const approvedTeams = (org: Organisation): WorkspaceTeam[] =>
  org.teams.filter((team) => (org.approved ?? org.teams.map((t) => t.id)).includes(team.id));

/** The workspaces a person's org token reads: approved ones the person belongs to. */
export const grantedTeams = (org: Organisation, userId: string): WorkspaceTeam[] => {
  const teams = org.users.find((user) => user.id === userId)?.teams ?? [];
  return approvedTeams(org).filter((team) => teams.includes(team.id));
};

const withEnterprise = (org: Organisation, team: WorkspaceTeam): WorkspaceTeam => ({
  ...team,
  enterpriseId: org.enterprise.id,
  enterpriseName: org.enterprise.name,
});

/** What the given workspaces hold of the organisation: their people, conversations, messages, files, groups. */
function viewOf(org: Organisation, teams: WorkspaceTeam[], userId?: string): Workspace {
  const ids = teams.map((team) => team.id);
  const inTeams = (of: string[] | undefined) => of?.some((id) => ids.includes(id)) === true;
  const users = org.users.filter((user) => inTeams(user.teams));
  const channels = org.channels.filter((channel) => inTeams(channel.teams));
  const channelIds = new Set(channels.map((channel) => channel.id));
  const userIds = new Set(users.map((user) => user.id));
  const byId = new Map(teams.map((team) => [team.id, withEnterprise(org, team)]));
  const mine = (org.users.find((user) => user.id === userId)?.teams ?? []).filter((id) => ids.includes(id));
  // A conversation is read in a workspace of the reader's where it is, else in its host.
  const readIn = (of: string[] = []) => byId.get(of.find((id) => mine.includes(id)) ?? of[0] ?? '');
  const first = byId.get(ids[0] ?? '') ?? withEnterprise(org, org.teams[0] as WorkspaceTeam);
  return {
    team: first,
    users,
    otherUsers: org.users.filter((user: WorkspaceUser) => !userIds.has(user.id)),
    channels,
    messages: org.messages.filter((message) => channelIds.has(message.channel)),
    files: (org.files ?? []).filter(
      (file) => file.channels.some((id) => channelIds.has(id)) || userIds.has(file.user),
    ),
    usergroups: (org.usergroups ?? []).filter((group) => group.teamId && ids.includes(group.teamId)),
    tokens: [],
    ...(teams.length > 1
      ? { channelTeams: new Map(channels.map((c) => [c.id, readIn(c.teams) ?? first])) }
      : {}),
  };
}

type Cached = { lists: unknown[][]; view: Workspace };
const views = new WeakMap<Organisation, Map<string, Cached>>();
const listsOf = (org: Organisation): unknown[][] => [
  org.users,
  org.channels,
  org.messages,
  org.files ?? [],
  org.usergroups ?? [],
  org.teams,
  org.approved ?? [],
];
const sameItems = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A view, kept while the organisation's lists hold the same entries (so its index is reused too). */
function cachedView(org: Organisation, key: string, build: () => Workspace): Workspace {
  const cache = views.get(org) ?? new Map<string, Cached>();
  views.set(org, cache);
  const lists = listsOf(org);
  const hit = cache.get(key);
  if (hit?.lists.every((list, i) => sameItems(list, lists[i] ?? []))) return hit.view;
  const view = build();
  cache.set(key, { lists: lists.map((list) => [...list]), view });
  return view;
}

/** One workspace of the organisation, as a workspace token (or an org token with its `team_id`) reads it. */
export function teamView(org: Organisation, teamId: string): Workspace | undefined {
  const team = org.teams.find((t) => t.id === teamId);
  return team && cachedView(org, `team:${teamId}`, () => viewOf(org, [team]));
}

/** Every workspace a person's org token is granted, as one: for the methods whose ids are org-wide. */
export function orgView(org: Organisation, userId: string): Workspace {
  const teams = grantedTeams(org, userId);
  return cachedView(org, `user:${userId}`, () =>
    viewOf(org, teams.length ? teams : approvedTeams(org), userId),
  );
}
