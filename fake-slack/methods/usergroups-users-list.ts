import { fail } from '../slack-error.js';
import { isTrue, type MethodContext, type MethodSpec, requireScope } from './method-context.js';

/**
 * usergroups.users.list (`usergroups:read`): a group's member ids. An unknown `usergroup`, or a disabled
 * one without `include_disabled`, is `no_such_subteam`.
 */
function handle(ctx: MethodContext) {
  requireScope(ctx, 'usergroups:read');
  const group = ctx.index.usergroups.find((g) => g.id === ctx.params.usergroup);
  if (!group || (group.disabled && !isTrue(ctx.params.include_disabled))) fail('no_such_subteam');
  return { ok: true, users: [...group.users] };
}

export const usergroupsUsersList: MethodSpec = {
  teamIdWithOrgToken: true,
  acceptedScopes: ['usergroups:read'],
  handle,
};
