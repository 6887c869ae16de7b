import { DetailedDirectoryBody } from '../../schemas/find.js';
import { readRouteSchema } from '../../schemas/read-route.js';
import { acrossRun } from '../across-run.js';
import { defineRead } from '../read-definition.js';
import { withCompact } from '../with-compact.js';
import { searchUsersAcross } from './across.js';
import { compactUsers } from './compact.js';
import { usersCompactExample, usersExamples } from './examples.js';
import { searchUsers, usersServices } from './run.js';
import { ConciseUser, ConciseUsersBody, SearchUsersQuery } from './schemas.js';

export const searchUsersRead = defineRead({
  name: 'search-users',
  area: 'slack',
  title: 'Search Slack people',
  services: usersServices,
  slack: { 'users.list': 'tier2' },
  names: ['search-messages'],
  rest: {
    method: 'GET',
    path: '/search/users',
    operationId: 'searchUsers',
    description:
      'Finds people by handle, real name, display name and title, best first: Slack’s Real-time Search (content_types=users) when the token has search:read.users, else a directory read from users.list (per workspace, or per user for a guest, who sees only whom Slack shows them; `searched` says how much of it was loaded). Deactivated people and bots only when asked; email only with include_email=true and when Slack sends one.',
    schema: {
      querystring: SearchUsersQuery,
      ...readRouteSchema({
        concise: ConciseUsersBody,
        detailed: DetailedDirectoryBody,
        examples: usersExamples,
        compactExample: usersCompactExample,
        errors: [400, 401, 403, 429, 502, 503, 504],
      }),
    },
  },
  mcp: {
    tool: 'slack_search_users',
    description: 'Search people by name, handle or job title ("who owns billing?").',
    purpose: 'find people',
    annotations: { readOnlyHint: true, openWorldHint: true },
    arguments: SearchUsersQuery,
    hints: {},
    output: { concise: ConciseUsersBody },
    toParams: (args) => args,
  },
  policy: { compact: compactUsers },
  schemas: [ConciseUser, ConciseUsersBody, DetailedDirectoryBody],
  run: acrossRun(withCompact(searchUsers, compactUsers), searchUsersAcross),
});
