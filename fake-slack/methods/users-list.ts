import { listPage } from '../list-page.js';
import { userShape } from '../user-shape.js';
import { type MethodContext, type MethodSpec, requireScope } from './method-context.js';

/**
 * users.list (`users:read`): every member, deleted ones and bots included (Slack's shape), `limit` (default
 * 0 = all at once, as Slack without a limit; at most 1000, and at most `maxListPage` when set), `cursor`
 * paging with `response_metadata.next_cursor` ("" on the last page). A guest token sees only `visibleUsers`.
 */
function handle(ctx: MethodContext) {
  requireScope(ctx, 'users:read');
  const parsed = Number.parseInt(ctx.params.limit ?? '', 10);
  const visible = ctx.token.visibleUsers;
  const users = visible
    ? ctx.index.userList.filter((u) => visible.includes(u.id) || u.id === ctx.token.userId)
    : ctx.index.userList;
  const limit = Number.isNaN(parsed) || parsed <= 0 ? users.length : Math.min(parsed, 1000);
  const { page, next } = listPage(users, 'user', ctx.params.cursor, limit, ctx.options.maxListPage);
  return {
    ok: true,
    members: page.map((u) => userShape(u, ctx.index.team)),
    cache_ts: 1772323200,
    response_metadata: { next_cursor: next },
  };
}

export const usersList: MethodSpec = { teamIdWithOrgToken: true, acceptedScopes: ['users:read'], handle };
