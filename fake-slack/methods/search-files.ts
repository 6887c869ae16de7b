import { searchFiles } from '../file-search.js';
import { fileShape } from '../file-shape.js';
import { pagingFields, readSearchWindow } from '../search-paging.js';
import { parseSearchQuery } from '../search-query.js';
import { fail } from '../slack-error.js';
import { type MethodContext, type MethodSpec, requireScope } from './method-context.js';

/**
 * search.files (user tokens, `search:read`): files and canvases the user may see, by title, name and text,
 * with the modifiers of search.messages that apply to files; paged like it (`count`, `page`, `cursor`).
 */
function handle(ctx: MethodContext) {
  requireScope(ctx, 'search:read');
  const raw = ctx.params.query ?? '';
  if (raw.trim() === '') fail('no_query');
  const window = readSearchWindow(ctx.params, ctx.options.searchCursorLocation);
  const hits = searchFiles(parseSearchQuery(raw), { index: ctx.index, viewerId: ctx.token.userId });
  const byTime = ctx.params.sort === 'timestamp';
  hits.sort((a, b) => (byTime ? 0 : b.score - a.score) || b.file.created - a.file.created);
  if (ctx.params.sort_dir === 'asc') hits.reverse();
  if (window.cursorMode && window.offset > hits.length) fail('invalid_cursor');
  const matches = hits
    .slice(window.offset, window.offset + window.count)
    .map(({ file }) => fileShape(file, ctx.index, ctx.token.userId, ctx.options.fileOrigin));
  const paging = pagingFields(hits.length, window, matches.length, ctx.options.searchCursorLocation);
  return {
    ok: true,
    query: raw,
    files: { total: hits.length, pagination: paging.pagination, paging: paging.paging, matches },
    ...('next_cursor' in paging.responseMetadata ? { response_metadata: paging.responseMetadata } : {}),
  };
}

export const searchFilesMethod: MethodSpec = {
  teamIdWithOrgToken: true,
  acceptedScopes: ['search:read'],
  userTokenOnly: true,
  handle,
};
