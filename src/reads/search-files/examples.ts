import type { NamedExample } from '../../schemas/response.js';

// Answers against the demo workspace (`npm run demo`); test/openapi/lint.test.ts validates each against its schema.

export const filesExamples: Record<string, NamedExample> = {
  concise: {
    summary: 'GET /search/files?query=runbook&types=canvases&count=1',
    value: {
      ok: true,
      query: 'runbook',
      backend: 'legacy',
      files: {
        total: 3,
        matches: [
          {
            file_id: 'F07RUNBOOK',
            title: 'Deploy rollback runbook',
            file_type: 'quip',
            kind: 'canvases',
            user_id: 'U07PRIYASH',
            user_name: 'priya',
            created: '2026-03-03T10:00:00Z',
            permalink: 'https://acme-demo.slack.com/docs/T07ACMEDMO/F07RUNBOOK',
          },
        ],
      },
      summary: 'Found 3 files, showing 1. Use next_cursor for more results. Read one: GET /files/{file_id}.',
      response_metadata: { next_cursor: 'asf1.WyJwIiwyXQ' },
    },
  },
};

export const filesCompactExample: NamedExample = {
  summary: 'GET /search/files?query=runbook&count=1&response_format=compact',
  value: `Found 3 files, showing 1. Use next_cursor for more results. Read one: GET /files/{file_id}.
next_cursor: asf1.WyJwIiwyXQ
query: runbook
users: @priya=U07PRIYASH

F07RUNBOOK canvas "Deploy rollback runbook" @priya 2026-03-03 https://acme-demo.slack.com/docs/T07ACMEDMO/F07RUNBOOK
`,
};
