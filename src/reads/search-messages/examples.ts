import type { NamedExample } from '../../schemas/response.js';
import { compactSearch } from './compact.js';

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
            username: 'amara',
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

/** The concise example as response_format=compact text: rendered by the read's own renderer. */
export const searchCompactExample: NamedExample = {
  summary: 'GET /search/messages?query=deploy&count=1&response_format=compact',
  value: compactSearch(searchExamples.concise?.value as never),
};
