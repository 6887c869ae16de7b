import type { NamedExample } from '../../schemas/response.js';

// Answers against the demo workspace (`npm run demo`); test/openapi/lint.test.ts validates each against its schema.

export const channelsExamples: Record<string, NamedExample> = {
  concise: {
    summary: 'GET /search/channels?query=incident',
    value: {
      ok: true,
      query: 'incident',
      backend: 'legacy',
      channels: [
        {
          channel_id: 'C07INCIDNT',
          name: 'incidents',
          topic: 'Active incidents only. Runbooks: https://wiki.acme-demo.example/runbooks',
          purpose: 'Declare, coordinate and close production incidents',
          is_private: false,
          is_archived: false,
          num_members: 6,
          permalink: 'https://acme-demo.slack.com/archives/C07INCIDNT',
        },
      ],
      searched: { entries: 6, complete: true },
      summary:
        'Found 1 channel. Searched all 6 channels you can see. Its messages: GET /channels/{channel_id}/history. Search in one: GET /search/messages?channel_ids={channel_id}&query=….',
    },
  },
};

export const channelsCompactExample: NamedExample = {
  summary: 'GET /search/channels?query=incident&response_format=compact',
  value: `Found 1 channel. Searched all 6 channels you can see. Its messages: GET /channels/{channel_id}/history. Search in one: GET /search/messages?channel_ids={channel_id}&query=….
query: incident
searched: 6 channels

#incidents=C07INCIDNT (public, 6 members)
topic: Active incidents only. Runbooks: https://wiki.acme-demo.example/runbooks
purpose: Declare, coordinate and close production incidents
`,
};
