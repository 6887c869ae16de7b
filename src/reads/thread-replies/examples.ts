import type { NamedExample } from '../../schemas/response.js';
import { compactThread } from './compact.js';

// Bodies as the service answers against the demo workspace (`npm run demo`); detailed bodies trimmed.
// test/openapi/lint.test.ts validates every example against its schema.

const rootText =
  ":rotating_light: INC-2041: checkout-api p99 latency spiking to 4s in prod-eu, error rate 3.2%. I'm incident commander.";
const root = {
  user_id: 'U07PRIYASH',
  user_name: 'priya',
  ts: '1773133920.004100',
  text: `${rootText} @maya @tomasz can you join?`,
  is_parent: true,
  permalink: 'https://acme-demo.slack.com/archives/C07INCIDNT/p1773133920004100',
  thread_ts: '1773133920.004100',
  reply_count: 40,
};

export const threadExamples: Record<string, NamedExample> = {
  concise: {
    summary: 'GET /threads/C07INCIDNT/1773133920.004100?limit=2',
    value: {
      ok: true,
      messages: [
        root,
        {
          user_id: 'U07MAYACHN',
          user_name: 'maya',
          ts: '1773134245.136947',
          text: 'Joining. Pulling up the checkout-api dashboards now',
          is_parent: false,
          permalink:
            'https://acme-demo.slack.com/archives/C07INCIDNT/p1773134245136947?thread_ts=1773133920.004100&cid=C07INCIDNT',
          thread_ts: '1773133920.004100',
          parent_user_id: 'U07PRIYASH',
        },
      ],
      has_more: true,
      summary: 'Found 41 messages in thread (showing 1–2). Use next_cursor for more results.',
      response_metadata: { next_cursor: 'at1.WyJibVY0ZEY5MGN6b3hOemN6TVRNME5UUXpPRFUxTmpZNCIsMyw0MV0' },
    },
  },
  detailed: {
    summary: 'GET /threads/C07INCIDNT/1773133920.004100?limit=1&response_format=detailed',
    value: {
      ok: true,
      summary: 'Found 41 messages in thread (showing 1). Use next_cursor for more results.',
      messages: [
        {
          type: 'message',
          user: 'U07PRIYASH',
          text: `${rootText} <@U07MAYACHN> <@U07TOMNOWK> can you join?`,
          ts: root.ts,
          thread_ts: root.ts,
          reply_count: 40,
          reply_users_count: 6,
          latest_reply: '1773145408.340205',
        },
      ],
      has_more: true,
      response_metadata: { next_cursor: 'bmV4dF90czoxNzczMTM0MjQ1MTM2OTQ3' },
    },
  },
};

/** The concise example as response_format=compact text: rendered by the read's own renderer. */
export const threadCompactExample: NamedExample = {
  summary: 'GET /threads/C07INCIDNT/1773133920.004100?limit=2&response_format=compact',
  value: compactThread(threadExamples.concise?.value as never),
};
