import type { NamedExample } from './response.js';

// Bodies as the service answers against the demo workspace (`npm run demo`); detailed bodies trimmed.
// test/openapi/lint.test.ts validates every example against its schema.

const deployMatch = {
  channel_id: 'C07ENGINRG',
  channel_name: 'engineering',
  user_id: 'U07DEPLOYB',
  username: 'deploybot',
  ts: '1772721625.344142',
  text: '*Deploy* #4411 of web-app v5.2.0 to prod-us failed\nDeploy #4411 failed: prod-us: health check timeout after 120s',
  permalink: 'https://acme-demo.slack.com/archives/C07ENGINRG/p1772721625344142',
  user_name: 'deploybot',
};

export const searchExamples: Record<string, NamedExample> = {
  concise: {
    summary: 'GET /search/messages?query=deploy&count=1',
    value: {
      ok: true,
      query: 'deploy',
      messages: { total: 16, matches: [deployMatch] },
      summary:
        'Found 16 messages, showing 1. Use next_cursor for more results. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.',
      response_metadata: { next_cursor: 'as1.WyJzIiwiYjJabWMyVjBPakU9Il0' },
    },
  },
  detailed: {
    summary: 'GET /search/messages?query=deploy&count=1&response_format=detailed',
    value: {
      ok: true,
      summary: 'Found 16 messages, showing 1. Use next_cursor for more results.',
      query: 'deploy',
      messages: {
        total: 16,
        pagination: { total_count: 16, page: 1, per_page: 1, page_count: 16, first: 1, last: 1 },
        matches: [
          {
            type: 'message',
            channel: { id: 'C07ENGINRG', name: 'engineering', is_private: false },
            user: 'U07DEPLOYB',
            username: 'deploybot',
            ts: '1772721625.344142',
            text: 'Deploy #4411 of web-app v5.2.0 to prod-us failed',
            permalink: deployMatch.permalink,
            score: 2.806,
          },
        ],
      },
      response_metadata: { next_cursor: 'as1.WyJzIiwiYjJabWMyVjBPakU9Il0' },
    },
  },
};

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

const { is_parent: _, ...channelRoot } = root;

export const historyExamples: Record<string, NamedExample> = {
  concise: {
    summary: 'GET /channels/%23incidents/history?limit=1',
    value: {
      ok: true,
      channel_id: 'C07INCIDNT',
      channel_name: 'incidents',
      messages: [channelRoot],
      has_more: true,
      summary: '1 message from #incidents at 2026-03-10 09:12 UTC. Use next_cursor for older messages.',
      response_metadata: { next_cursor: 'bmV4dF90czoxNzczMTMzOTIwMDA0MTAw' },
    },
  },
};

export const contextExamples: Record<string, NamedExample> = {
  concise: {
    summary: 'GET /messages/context?url=…&before=0&after=0',
    value: {
      ok: true,
      channel_id: 'C07INCIDNT',
      channel_name: 'incidents',
      before: [],
      message: channelRoot,
      after: [],
      summary:
        'The message by @priya at 2026-03-10 09:12 UTC in #incidents, with 0 messages before it and 0 after, oldest first.',
    },
  },
};

export const catalogExamples: Record<string, NamedExample> = {
  ranked: {
    summary: 'query ["send", "slack", "message"] over a Slack and a GitHub tool',
    value: {
      results: [
        {
          toolKey: 'a1',
          toolName: 'send_message',
          serverName: 'Slack',
          description: 'Post a message to a Slack channel',
          relevance: 0.8919,
          explanation: 'Matched "send", "slack", "message" in name, server and description.',
        },
      ],
    },
  },
  empty: { summary: 'Nothing matches: an empty list is a valid answer', value: { results: [] } },
};

export const healthExample: Record<string, NamedExample> = { ok: { value: { status: 'ok' } } };

export const readyExamples: Record<string, NamedExample> = {
  memory: { summary: 'No REDIS_URL: the in-memory cache', value: { status: 'ready', cache: 'memory' } },
  redis: { summary: 'Redis reachable', value: { status: 'ready', cache: 'redis', redis: 'reachable' } },
  degraded: {
    summary: 'Redis unreachable: still serving, with more calls to Slack',
    value: { status: 'degraded', cache: 'redis', redis: 'unreachable' },
  },
};
