import { fail } from '../slack-error.js';
import { userShape } from '../user-shape.js';
import { type MethodContext, type MethodSpec, requireScope } from './method-context.js';

function handle(ctx: MethodContext) {
  requireScope(ctx, 'users:read');
  const user = ctx.index.users.get(ctx.params.user ?? '') ?? fail('user_not_found');
  return { ok: true, user: userShape(user, ctx.index.team) };
}

export const usersInfo: MethodSpec = { acceptedScopes: ['users:read'], handle };
