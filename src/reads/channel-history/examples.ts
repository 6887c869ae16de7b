import type { NamedExample } from '../../schemas/response.js';
import { compactHistory } from './compact.js';

// Bodies as the service answers against the demo workspace (`npm run demo`); detailed bodies trimmed.
// test/openapi/lint.test.ts validates every example against its schema.

export const historyExamples: Record<string, NamedExample> = {
  concise: {
    summary: 'GET /channels/%23incidents/history?limit=2',
    value: {
      ok: true,
      channel_id: 'C07INCIDNT',
      channel_name: 'incidents',
      messages: [
        {
          user_id: 'U07PRIYASH',
          user_name: 'priya',
          ts: '1773305233.949387',
          text: 'Resolved: billing-worker in staging, root cause was a bad feature-flag rollout. Postmortem to follow',
          permalink: 'https://acme-demo.slack.com/archives/C07INCIDNT/p1773305233949387',
        },
        {
          user_id: 'U07PRIYASH',
          user_name: 'priya',
          ts: '1773134941.365411',
          text: 'Pager test at 10:00 UTC, please ignore the alert',
          permalink: 'https://acme-demo.slack.com/archives/C07INCIDNT/p1773134941365411',
        },
      ],
      has_more: true,
      summary:
        '2 messages from #incidents between 2026-03-10 09:29 UTC and 2026-03-12 08:47 UTC, newest first. Use next_cursor for older messages.',
      response_metadata: { next_cursor: 'bmV4dF90czoxNzczMTMzOTIwMDA0MTAw' },
    },
  },
};

/** The concise example as response_format=compact text: rendered by the read's own renderer. */
export const historyCompactExample: NamedExample = {
  summary: 'GET /channels/%23incidents/history?limit=2&response_format=compact',
  value: compactHistory(historyExamples.concise?.value as never),
};
