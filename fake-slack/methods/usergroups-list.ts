import type { WorkspaceTeam, WorkspaceUsergroup } from '../workspace-types.js';
import { isTrue, type MethodContext, type MethodSpec, requireScope } from './method-context.js';

/**
 * A user group as Slack's usergroups.list sends it (the field set of Slack's subteam object in its
 * OpenAPI spec and the Java SDK's samples; values ours): `users` only with `include_users`, and not for a
 * disabled group (a choice of this fake: our read then asks usergroups.users.list), `user_count` with
 * `include_count`.
 */
export function usergroupShape(
  group: WorkspaceUsergroup,
  team: WorkspaceTeam,
  options: { users: boolean; count: boolean },
) {
  const disabled = group.disabled ?? 0;
  return {
    id: group.id,
    team_id: team.id,
    is_usergroup: true,
    is_subteam: true,
    name: group.name,
    description: group.description,
    handle: group.handle,
    is_external: false,
    date_create: group.created,
    date_update: disabled || group.created,
    date_delete: disabled,
    auto_type: null,
    auto_provision: false,
    enterprise_subteam_id: '',
    created_by: group.createdBy,
    updated_by: group.createdBy,
    deleted_by: disabled ? group.createdBy : null,
    prefs: { channels: [...(group.channels ?? [])], groups: [] },
    ...(options.users && !disabled ? { users: [...group.users] } : {}),
    ...(options.count ? { user_count: group.users.length } : {}),
  };
}

/** usergroups.list (`usergroups:read`): every group at once (Slack pages nothing here); disabled ones with `include_disabled`. */
function handle(ctx: MethodContext) {
  requireScope(ctx, 'usergroups:read');
  const options = { users: isTrue(ctx.params.include_users), count: isTrue(ctx.params.include_count) };
  const groups = ctx.index.usergroups.filter((g) => isTrue(ctx.params.include_disabled) || !g.disabled);
  return { ok: true, usergroups: groups.map((g) => usergroupShape(g, ctx.index.team, options)) };
}

export const usergroupsList: MethodSpec = {
  teamIdWithOrgToken: true,
  acceptedScopes: ['usergroups:read'],
  handle,
};
