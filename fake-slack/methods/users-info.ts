import { fail } from '../slack-error.js';
import { userShape } from '../user-shape.js';
import { type MethodContext, type MethodSpec, requireScope } from './method-context.js';

/** users.info; a guest's token is answered `user_not_visible` for the people Slack hides from them. */
function handle(ctx: MethodContext) {
  requireScope(ctx, 'users:read');
  const user = ctx.index.users.get(ctx.params.user ?? '') ?? fail('user_not_found');
  const visible = ctx.token.visibleUsers;
  if (visible && user.id !== ctx.token.userId && !visible.includes(user.id)) fail('user_not_visible');
  return { ok: true, user: userShape(user, ctx.index.team) };
}

export const usersInfo: MethodSpec = { acceptedScopes: ['users:read'], handle };
