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
  semantic: {
    summary: 'GET /search/messages?query=when%20do%20we%20stop%20shipping%20to%20production%3F&count=1',
    value: {
      ok: true,
      query: 'when do we stop shipping to production?',
      backend: 'rts',
      semantic: true,
      messages: {
        total: 1,
        matches: [
          {
            channel_id: 'C07ENGINRG',
            channel_name: 'engineering',
            user_id: 'U07AMARAOK',
            username: null,
            user_name: 'amara',
            ts: '1773907567.290812',
            text: 'Reminder: deploy freeze starts Friday 15:00 UTC, no prod deploys after that please',
            permalink: 'https://acme-demo.slack.com/archives/C07ENGINRG/p1773907567290812',
          },
        ],
      },
      summary:
        "Found 1 message. At least 1 match (Slack's real-time search reports no total). Use next_cursor for more results. Slack's real-time search, by meaning (AI search). Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.",
      response_metadata: { next_cursor: 'as1.WyJyIiwiY25Sek9qRT0iLDFd' },
    },
  },
  concise: {
    summary: 'GET /search/messages?query=deploy&count=1 (SLACK_SEARCH_BACKEND=legacy)',
    value: {
      ok: true,
      query: 'deploy',
      backend: 'search.messages',
      semantic: false,
      messages: { total: 16, matches: [deployMatch] },
      summary:
        'Found 16 messages, showing 1. Use next_cursor for more results. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.',
      response_metadata: { next_cursor: 'as1.WyJzIiwiYjJabWMyVjBPakU9Il0' },
    },
  },
  detailed: {
    summary:
      'GET /search/messages?query=deploy&count=1&response_format=detailed (SLACK_SEARCH_BACKEND=legacy)',
    value: {
      ok: true,
      backend: 'search.messages',
      semantic: false,
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

export const contextExamples: Record<string, NamedExample> = {
  concise: {
    summary:
      'GET /messages/context?url=https%3A%2F%2Facme-demo.slack.com%2Farchives%2FC07ENGINRG%2Fp1772721625344142&before=1&after=1',
    value: {
      ok: true,
      channel_id: 'C07ENGINRG',
      channel_name: 'engineering',
      before: [
        {
          user_id: 'U07TOMNOWK',
          user_name: 'tomasz',
          ts: '1772714586.312658',
          text: 'Deployed search-service v2.9.4 to prod-us :rocket:',
          permalink: 'https://acme-demo.slack.com/archives/C07ENGINRG/p1772714586312658',
        },
      ],
      message: {
        user_id: 'U07DEPLOYB',
        user_name: 'deploybot',
        ts: '1772721625.344142',
        text: 'Deploy #4411 of web-app v5.2.0 to prod-us failed\nDeploy #4411 failed: prod-us: health check timeout after 120s',
        permalink: 'https://acme-demo.slack.com/archives/C07ENGINRG/p1772721625344142',
        thread_ts: '1772721625.344142',
        reply_count: 4,
      },
      after: [
        {
          user_id: 'U07JONASMU',
          user_name: 'jonas',
          ts: '1772731602.243018',
          text: 'Feature flag `usage-based-billing` is now at 5% in prod',
          permalink: 'https://acme-demo.slack.com/archives/C07ENGINRG/p1772731602243018',
        },
      ],
      summary:
        'The message by @deploybot at 2026-03-05 14:40 UTC in #engineering, with 1 message before it and 1 after, oldest first. More of the channel: earlier: GET /channels/C07ENGINRG/history?latest=1772714586.312658; later: GET /channels/C07ENGINRG/history?oldest=1772731602.243018. Its whole thread is in thread.',
      thread: {
        ok: true,
        messages: [
          {
            user_id: 'U07DEPLOYB',
            ts: '1772721625.344142',
            text: 'Deploy #4411 of web-app v5.2.0 to prod-us failed\nDeploy #4411 failed: prod-us: health check timeout after 120s',
            is_parent: true,
            user_name: 'deploybot',
            permalink: 'https://acme-demo.slack.com/archives/C07ENGINRG/p1772721625344142',
            thread_ts: '1772721625.344142',
            reply_count: 4,
          },
          {
            user_id: 'U07JONASMU',
            ts: '1772722007.472864',
            text: 'That’s mine, looking. Health check hits /healthz which now waits on the feature-flag service',
            is_parent: false,
            user_name: 'jonas',
            permalink:
              'https://acme-demo.slack.com/archives/C07ENGINRG/p1772722007472864?thread_ts=1772721625.344142&cid=C07ENGINRG',
            thread_ts: '1772721625.344142',
            parent_user_id: 'U07DEPLOYB',
          },
          {
            user_id: 'U07PRIYASH',
            ts: '1772722169.934860',
            text: 'Rolling back to v5.1.9 in the meantime',
            is_parent: false,
            user_name: 'priya',
            permalink:
              'https://acme-demo.slack.com/archives/C07ENGINRG/p1772722169934860?thread_ts=1772721625.344142&cid=C07ENGINRG',
            thread_ts: '1772721625.344142',
            parent_user_id: 'U07DEPLOYB',
          },
          {
            user_id: 'U07JONASMU',
            ts: '1772722468.608348',
            text: 'Fix: health check must not depend on downstream services. web-app#889 (https://github.com/acme-demo/web-app/pull/889)',
            is_parent: false,
            user_name: 'jonas',
            permalink:
              'https://acme-demo.slack.com/archives/C07ENGINRG/p1772722468608348?thread_ts=1772721625.344142&cid=C07ENGINRG',
            thread_ts: '1772721625.344142',
            parent_user_id: 'U07DEPLOYB',
          },
          {
            user_id: 'U07MAYACHN',
            ts: '1772722619.228613',
            text: 'Reviewed and approved. Good catch on the timeout',
            is_parent: false,
            user_name: 'maya',
            permalink:
              'https://acme-demo.slack.com/archives/C07ENGINRG/p1772722619228613?thread_ts=1772721625.344142&cid=C07ENGINRG',
            thread_ts: '1772721625.344142',
            parent_user_id: 'U07DEPLOYB',
          },
        ],
        has_more: false,
        summary: 'Found 5 messages in thread.',
      },
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
  writesFailing: {
    summary: 'Redis answers but refused the last write (e.g. MOVED): still serving, with more calls to Slack',
    value: { status: 'degraded', cache: 'redis', redis: 'writes-failing' },
  },
};

/** The concise search example above as response_format=compact text. */
export const searchCompactExample: NamedExample = {
  summary: 'GET /search/messages?query=deploy&count=1&response_format=compact',
  value: `Found 16 messages, showing 1. Use next_cursor for more results. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.
next_cursor: as1.WyJzIiwiYjJabWMyVjBPakU9Il0
query: deploy
users: @deploybot=U07DEPLOYB
channels: #engineering=C07ENGINRG

#engineering @deploybot 2026-03-05 14:40Z ts=1772721625.344142 https://acme-demo.slack.com/archives/C07ENGINRG/p1772721625344142
*Deploy* #4411 of web-app v5.2.0 to prod-us failed
Deploy #4411 failed: prod-us: health check timeout after 120s
`,
};

/** The concise thread example above as response_format=compact text. */
export const threadCompactExample: NamedExample = {
  summary: 'GET /threads/C07INCIDNT/1773133920.004100?limit=2&response_format=compact',
  value: `Found 41 messages in thread (showing 1–2). Use next_cursor for more results.
next_cursor: at1.WyJibVY0ZEY5MGN6b3hOemN6TVRNME5UUXpPRFUxTmpZNCIsMyw0MV0
users: @priya=U07PRIYASH, @maya=U07MAYACHN
thread_ts=1773133920.004100 https://acme-demo.slack.com/archives/C07INCIDNT/p1773133920004100

@priya 2026-03-10 09:12Z ts=1773133920.004100 replies=40
:rotating_light: INC-2041: checkout-api p99 latency spiking to 4s in prod-eu, error rate 3.2%. I'm incident commander. @maya @tomasz can you join?

@maya 09:17Z ts=1773134245.136947
Joining. Pulling up the checkout-api dashboards now
`,
};

/** The concise history example above as response_format=compact text. */
export const historyCompactExample: NamedExample = {
  summary: 'GET /channels/%23incidents/history?limit=1&response_format=compact',
  value: `2 messages from #incidents between 2026-03-10 09:29 UTC and 2026-03-12 08:47 UTC, newest first. Use next_cursor for older messages.
next_cursor: bmV4dF90czoxNzczMTMzOTIwMDA0MTAw
in: #incidents=C07INCIDNT
users: @priya=U07PRIYASH

@priya 2026-03-12 08:47Z ts=1773305233.949387
Resolved: billing-worker in staging, root cause was a bad feature-flag rollout. Postmortem to follow

@priya 2026-03-10 09:29Z ts=1773134941.365411
Pager test at 10:00 UTC, please ignore the alert
`,
};

/** The concise context example above as response_format=compact text. */
export const contextCompactExample: NamedExample = {
  summary: 'GET /messages/context?url=…&before=0&after=0&response_format=compact',
  value: `The message by @deploybot at 2026-03-05 14:40 UTC in #engineering, with 1 message before it and 1 after, oldest first. More of the channel: earlier: GET /channels/C07ENGINRG/history?latest=1772714586.312658; later: GET /channels/C07ENGINRG/history?oldest=1772731602.243018. Its whole thread is in thread.
in: #engineering=C07ENGINRG
message: ts=1772721625.344142 https://acme-demo.slack.com/archives/C07ENGINRG/p1772721625344142
users: @tomasz=U07TOMNOWK, @deploybot=U07DEPLOYB, @jonas=U07JONASMU, @priya=U07PRIYASH, @maya=U07MAYACHN
thread: Found 5 messages in thread.

@tomasz 2026-03-05 12:43Z ts=1772714586.312658
Deployed search-service v2.9.4 to prod-us :rocket:

@deploybot 14:40Z ts=1772721625.344142 replies=4
Deploy #4411 of web-app v5.2.0 to prod-us failed
Deploy #4411 failed: prod-us: health check timeout after 120s

  @jonas 14:46Z ts=1772722007.472864
  That’s mine, looking. Health check hits /healthz which now waits on the feature-flag service

  @priya 14:49Z ts=1772722169.934860
  Rolling back to v5.1.9 in the meantime

  @jonas 14:54Z ts=1772722468.608348
  Fix: health check must not depend on downstream services. web-app#889 (https://github.com/acme-demo/web-app/pull/889)

  @maya 14:56Z ts=1772722619.228613
  Reviewed and approved. Good catch on the timeout

@jonas 17:26Z ts=1772731602.243018
Feature flag \`usage-based-billing\` is now at 5% in prod
`,
};
