import { matchesQuery, type SearchScope } from '../search-filter.js';
import { buildMatch } from '../search-match.js';
import { pagingFields, readSearchWindow } from '../search-paging.js';
import { parseSearchQuery } from '../search-query.js';
import { highlight, scoreText, searchableText } from '../search-text.js';
import { fail } from '../slack-error.js';
import { compareTs } from '../workspace-index.js';
import { isTrue, type MethodContext, type MethodSpec, requireScope } from './method-context.js';

function sortHits<T extends { ts: string; score: number }>(hits: T[], params: Record<string, string>): T[] {
  const byTime = params.sort === 'timestamp';
  const sorted = hits.sort((a, b) => (byTime ? 0 : b.score - a.score) || compareTs(b.ts, a.ts));
  return params.sort_dir === 'asc' ? sorted.reverse() : sorted;
}

function handle(ctx: MethodContext) {
  requireScope(ctx, 'search:read');
  const raw = ctx.params.query ?? '';
  if (raw.trim() === '') fail('no_query');
  const window = readSearchWindow(ctx.params, ctx.options.searchCursorLocation);
  const query = parseSearchQuery(raw);
  const scope: SearchScope = { index: ctx.index, viewerId: ctx.token.userId };
  const hits = ctx.index.all
    .filter((message) => matchesQuery(query, message, scope))
    .map((message) => ({ message, ts: message.ts, score: scoreText(query, searchableText(message)) }));
  if (window.cursorMode && window.offset > hits.length) fail('invalid_cursor');
  const page = sortHits(hits, ctx.params).slice(window.offset, window.offset + window.count);
  const withHighlight = isTrue(ctx.params.highlight);
  const matches = page.map(({ message, score }) =>
    buildMatch(message, ctx.index, ctx.token.userId, {
      score,
      text: withHighlight ? highlight(query, message.text) : message.text,
      includePermalink: ctx.options.includePermalinks,
    }),
  );
  const paging = pagingFields(hits.length, window, matches.length, ctx.options.searchCursorLocation);
  return {
    ok: true,
    query: raw,
    messages: { total: hits.length, pagination: paging.pagination, paging: paging.paging, matches },
    ...('next_cursor' in paging.responseMetadata ? { response_metadata: paging.responseMetadata } : {}),
  };
}

export const searchMessages: MethodSpec = {
  teamIdWithOrgToken: true,
  acceptedScopes: ['search:read'],
  userTokenOnly: true,
  handle,
};
