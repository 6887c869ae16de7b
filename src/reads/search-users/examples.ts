import type { NamedExample } from '../../schemas/response.js';

// Answers against the demo workspace (`npm run demo`); test/openapi/lint.test.ts validates each against its schema.

export const usersExamples: Record<string, NamedExample> = {
  concise: {
    summary: 'GET /search/users?query=reliability',
    value: {
      ok: true,
      query: 'reliability',
      backend: 'legacy',
      users: [
        {
          user_id: 'U07PRIYASH',
          name: 'priya',
          real_name: 'Priya Shah',
          display_name: 'priya',
          title: 'Site Reliability Engineer',
          is_bot: false,
          tz: 'Asia/Kolkata',
          permalink: 'https://acme-demo.slack.com/team/U07PRIYASH',
        },
      ],
      searched: { entries: 9, complete: true },
      summary:
        'Found 1 person. Searched all 9 people you can see. Their messages: GET /search/messages?from_users={user_id}&query=….',
    },
  },
};

export const usersCompactExample: NamedExample = {
  summary: 'GET /search/users?query=reliability&response_format=compact',
  value: `Found 1 person. Searched all 9 people you can see. Their messages: GET /search/messages?from_users={user_id}&query=….
query: reliability
searched: 9 people

@priya=U07PRIYASH Priya Shah / priya, Site Reliability Engineer (Asia/Kolkata)
`,
};
