import { readRouteSchema } from '../../schemas/read-route.js';
import { acrossRun } from '../across-run.js';
import { defineRead } from '../read-definition.js';
import { searchMessagesAcross } from './across.js';
import { compactSearch } from './compact.js';
import { searchCompactExample, searchExamples } from './examples.js';
import { searchMessages, searchServices } from './run.js';
import { ConciseSearchBody, DetailedSearchBody, SearchQuery } from './schemas.js';

export const searchMessagesRead = defineRead({
  name: 'search-messages',
  area: 'slack',
  title: 'Search Slack messages',
  lists: ['channel_ids', 'from_users'],
  services: searchServices,
  // users.list: the people directory names Real-time Search's authors.
  slack: { 'search.messages': 'tier2', 'users.list': 'tier2' },
  names: ['thread-replies', 'message-context'],
  rest: {
    method: 'GET',
    path: '/search/messages',
    operationId: 'searchMessages',
    description:
      'Runs Slack search.messages or its Real-time Search API (SLACK_SEARCH_BACKEND; `backend` says which answered) with the caller’s Slack identity (X-Slack-Token, else SLACK_USER_TOKEN) and returns a concise body with a one-line summary, or with response_format=detailed Slack’s body plus the summary (and our next_cursor when there is more). Concise texts name users and channels and are cut evenly to fit MAX_RESPONSE_BYTES.',
    schema: {
      querystring: SearchQuery,
      ...readRouteSchema({
        concise: ConciseSearchBody,
        detailed: DetailedSearchBody,
        examples: searchExamples,
        compactExample: searchCompactExample,
        errors: [400, 401, 403, 404, 429, 502, 503, 504],
      }),
    },
  },
  mcp: {
    tool: 'slack_search_messages',
    description: [
      'Search Slack. query: words, "phrases", -word, in:#channel, from:@user, is:thread, before:/after:YYYY-MM-DD; questions go by meaning if AI search is on.',
    ].join(' '),
    purpose: 'find messages',
    annotations: { readOnlyHint: true, openWorldHint: true },
    arguments: SearchQuery,
    hints: {
      to_me: 'mentions and DMs of you; query optional',
      channel_ids: 'ids or #names',
      from_users: 'ids or @names',
      include_context: 'with messages around',
    },
    unlisted: ['highlight', 'min_score', 'dedupe_threads', 'sort_dir'],
    output: { concise: ConciseSearchBody },
    toParams: (args) => args,
  },
  policy: { lists: 'messages', compact: compactSearch },
  schemas: [ConciseSearchBody, DetailedSearchBody],
  run: acrossRun(searchMessages, searchMessagesAcross),
});
