import type { NamedExample } from '../../schemas/response.js';
import { compactUsergroups } from './compact.js';

// Bodies as the service answers against the demo workspace (`npm run demo`); the examples test replays them.

export const usergroupsExamples: Record<string, NamedExample> = {
  concise: {
    summary: 'GET /search/usergroups?query=oncall',
    value: {
      ok: true,
      query: 'oncall',
      usergroups: [
        {
          usergroup_id: 'S07ONCALLP',
          handle: 'oncall-platform',
          name: 'Platform on-call',
          description: 'Who carries the pager for the platform this week: page us for prod incidents',
          member_count: 3,
          members: [
            { user_id: 'U07PRIYASH', user_name: 'priya' },
            { user_id: 'U07TOMNOWK', user_name: 'tomasz' },
            { user_id: 'U07MAYACHN', user_name: 'maya' },
          ],
        },
      ],
      summary:
        "Found 1 user group. A member's messages: GET /search/messages?from_users={user_id}&query=…. Who they are: GET /search/users?query={user_name}.",
    },
  },
};

/** The concise example as response_format=compact text: rendered by the read's own renderer. */
export const usergroupsCompactExample: NamedExample = {
  summary: 'GET /search/usergroups?query=oncall&response_format=compact',
  value: compactUsergroups(usergroupsExamples.concise?.value as never),
};
