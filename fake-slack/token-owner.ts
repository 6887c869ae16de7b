import type { MethodSpec } from './methods/method-context.js';
import { orgView, teamView } from './organisation.js';
import { fail } from './slack-error.js';
import type { Organisation, Workspace, WorkspaceToken } from './workspace-types.js';

/** Where a token lives: its workspace, or its organisation (a workspace token of it, or an org-wide one). */
export interface TokenOwner {
  token: WorkspaceToken;
  workspace?: Workspace;
  org?: Organisation;
}

/** Every token source the fake answers: its workspace, its organisation, and the other workspaces. */
export interface TokenSources {
  workspace: Workspace;
  organisation?: Organisation;
  workspaces: Workspace[];
}

export function findToken(token: string, sources: TokenSources): TokenOwner | undefined {
  for (const workspace of [sources.workspace, ...sources.workspaces]) {
    const found = workspace.tokens.find((candidate) => candidate.token === token);
    if (found) return { token: found, workspace };
  }
  const org = sources.organisation;
  const found = org?.tokens.find((candidate) => candidate.token === token);
  return found && org ? { token: found, org } : undefined;
}

/**
 * The workspace a call reads. A workspace token: its own (any `team_id` ignored, as Slack does). An org
 * token: for methods that take `team_id`, that workspace (`missing_argument` without one,
 * `team_access_not_granted` for one the token may not read); for the others (ids are org-wide) every
 * workspace the token reads, as one.
 */
export function workspaceFor(owner: TokenOwner, spec: MethodSpec, params: Record<string, string>): Workspace {
  if (owner.workspace) return owner.workspace;
  const org = owner.org as Organisation;
  const { token } = owner;
  if (!token.orgWide) return teamView(org, token.teamId ?? '') ?? fail('team_not_found');
  if (!spec.teamIdWithOrgToken) return orgView(org, token.userId);
  const teamId = params.team_id;
  if (!teamId) fail('missing_argument');
  const approved = org.approved ?? org.teams.map((team) => team.id);
  const member = org.users.find((user) => user.id === token.userId)?.teams ?? [];
  if (!approved.includes(teamId) || !member.includes(teamId)) fail('team_access_not_granted');
  return teamView(org, teamId) ?? fail('team_access_not_granted');
}

export function allTokens(sources: TokenSources): WorkspaceToken[] {
  return [sources.workspace, ...sources.workspaces]
    .flatMap((w) => w.tokens)
    .concat(sources.organisation?.tokens ?? []);
}
