import type { NamedExample } from './response.js';

// Bodies as the service answers against the demo workspace (`npm run demo`); detailed bodies trimmed.
// test/openapi/lint.test.ts validates every example against its schema.

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
