import { readRouteSchema } from '../../schemas/read-route.js';
import { acrossRun } from '../across-run.js';
import { defineRead } from '../read-definition.js';
import { withCompact } from '../with-compact.js';
import { searchUsergroupsAcross } from './across.js';
import { compactUsergroups } from './compact.js';
import { usergroupsCompactExample, usergroupsExamples } from './examples.js';
import { searchUsergroups, usergroupsServices } from './run.js';
import {
  ConciseUsergroup,
  ConciseUsergroupsBody,
  DetailedUsergroupsBody,
  SearchUsergroupsQuery,
} from './schemas.js';

export const searchUsergroupsRead = defineRead({
  name: 'search-usergroups',
  area: 'slack',
  title: 'Search Slack user groups',
  services: usergroupsServices,
  // users.list: the people directory names the members.
  slack: { 'usergroups.list': 'tier2', 'usergroups.users.list': 'tier2', 'users.list': 'tier2' },
  names: ['search-messages', 'search-users'],
  rest: {
    method: 'GET',
    path: '/search/usergroups',
    operationId: 'searchUsergroups',
    description:
      'Finds user groups (the @handles people mention: a team, a rota, an on-call) by handle, name and description, best first, with their members by name. One usergroups.list call with its members (include_users) per workspace, kept in the shared cache and refreshed in the background (a guest’s view is their own); usergroups.users.list for a group listed without its members. Disabled groups only with include_disabled=true. Works on either search backend: Real-time Search has no user groups.',
    schema: {
      querystring: SearchUsergroupsQuery,
      ...readRouteSchema({
        concise: ConciseUsergroupsBody,
        detailed: DetailedUsergroupsBody,
        examples: usergroupsExamples,
        compactExample: usergroupsCompactExample,
        errors: [400, 401, 403, 429, 502, 503, 504],
      }),
    },
  },
  mcp: {
    tool: 'slack_search_usergroups',
    description:
      'Search user groups (@handles: teams, rotas, on-call) by handle, name or description, with their members.',
    purpose: 'find user groups and who is in them',
    annotations: { readOnlyHint: true, openWorldHint: true },
    arguments: SearchUsergroupsQuery,
    hints: {},
    output: { concise: ConciseUsergroupsBody },
    toParams: (args) => args,
  },
  policy: { compact: compactUsergroups },
  schemas: [ConciseUsergroup, ConciseUsergroupsBody, DetailedUsergroupsBody],
  run: acrossRun(withCompact(searchUsergroups, compactUsergroups), searchUsergroupsAcross),
});
