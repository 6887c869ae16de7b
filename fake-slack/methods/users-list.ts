import { fail } from '../slack-error.js';
import { userShape } from '../user-shape.js';
import { type MethodContext, type MethodSpec, requireScope } from './method-context.js';

const encodeCursor = (id: string) => Buffer.from(`user:${id}`).toString('base64');

/**
 * users.list (`users:read`): every member, deleted ones and bots included (Slack's shape), `limit` (default
 * 0 = all at once, as Slack without a limit; at most 1000), `cursor` paging with
 * `response_metadata.next_cursor` ("" on the last page). A guest token sees only `visibleUsers`.
 */
function handle(ctx: MethodContext) {
  requireScope(ctx, 'users:read');
  const parsed = Number.parseInt(ctx.params.limit ?? '', 10);
  const users = [...ctx.index.users.values()].filter(
    (u) => !ctx.token.visibleUsers || ctx.token.visibleUsers.includes(u.id) || u.id === ctx.token.userId,
  );
  const limit = Number.isNaN(parsed) || parsed <= 0 ? users.length : Math.min(parsed, 1000);
  const cursor = ctx.params.cursor;
  const start = cursor ? users.findIndex((u) => encodeCursor(u.id) === cursor) : 0;
  if (start === -1) fail('invalid_cursor');
  const page = users.slice(start, start + limit);
  const next = users[start + limit];
  return {
    ok: true,
    members: page.map((u) => userShape(u, ctx.index.team)),
    cache_ts: 1772323200,
    response_metadata: { next_cursor: next ? encodeCursor(next.id) : '' },
  };
}

export const usersList: MethodSpec = { acceptedScopes: ['users:read'], handle };
