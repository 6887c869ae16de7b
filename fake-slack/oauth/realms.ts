import type { TokenSources } from '../token-owner.js';
import type { Organisation, Workspace, WorkspaceUser } from '../workspace-types.js';

/**
 * Where a person signs in on the fake: a workspace (a workspace install: `team` set) or an Enterprise Grid
 * organisation whose app is installed org-wide (`team: null`, `enterprise`, `is_enterprise_install: true`).
 */
export type Realm =
  | { kind: 'workspace'; id: string; name: string; workspace: Workspace }
  | { kind: 'org'; id: string; name: string; org: Organisation };

/** Every realm the fake serves: its main workspace first (the page's default), the organisation, the others. */
export function realmsOf(sources: TokenSources): Realm[] {
  const workspace = (w: Workspace): Realm => ({
    kind: 'workspace',
    id: w.team.id,
    name: w.team.name,
    workspace: w,
  });
  const org = sources.organisation;
  return [
    workspace(sources.workspace),
    ...(org ? [{ kind: 'org', id: org.enterprise.id, name: org.enterprise.name, org } as const] : []),
    ...sources.workspaces.map(workspace),
  ];
}

/** The people who may sign in to a realm: no bots, deactivated people, guests or people of other organisations. */
export function peopleOf(realm: Realm): WorkspaceUser[] {
  const users = realm.kind === 'org' ? realm.org.users.filter((u) => u.teams?.length) : realm.workspace.users;
  return users.filter((u) => !u.isBot && !u.deleted && !u.isRestricted);
}
