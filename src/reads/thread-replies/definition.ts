import { type Static, Type } from '@sinclair/typebox';
import { readRouteSchema } from '../../schemas/read-route.js';
import { ConciseThreadBody, DetailedThreadBody, ThreadParams, ThreadQuery } from '../../schemas/thread.js';
import { defineRead, slackRun } from '../read-definition.js';
import { compactThread } from './compact.js';
import { threadCompactExample, threadExamples } from './examples.js';
import { threadReplies, threadServices } from './run.js';

const ThreadArguments = Type.Object(
  {
    channel_id: ThreadParams.properties.channel,
    thread_ts: ThreadParams.properties.ts,
    cursor: ThreadQuery.properties.cursor,
    limit: ThreadQuery.properties.limit,
    response_format: ThreadQuery.properties.response_format,
    workspace: ThreadQuery.properties.workspace,
    max_text_chars: ThreadQuery.properties.max_text_chars,
  },
  { additionalProperties: false },
);

export const threadRepliesRead = defineRead({
  name: 'thread-replies',
  area: 'slack',
  title: 'Read a Slack thread',
  services: threadServices,
  slack: { 'conversations.replies': 'conversation' },
  rest: {
    method: 'GET',
    path: '/threads/:channel/:ts',
    operationId: 'getThread',
    description:
      'Returns a thread (conversations.replies), oldest first, as a concise body with a summary, or with response_format=detailed Slack’s body plus the summary.',
    schema: {
      params: ThreadParams,
      querystring: ThreadQuery,
      ...readRouteSchema({
        concise: ConciseThreadBody,
        detailed: DetailedThreadBody,
        examples: threadExamples,
        compactExample: threadCompactExample,
        errors: [400, 401, 403, 404, 429, 502, 503, 504],
      }),
    },
  },
  mcp: {
    tool: 'slack_get_thread_replies',
    description: 'A thread, oldest first; any ts in it works as thread_ts.',
    purpose: 'read a whole thread',
    annotations: { readOnlyHint: true, openWorldHint: true },
    arguments: ThreadArguments,
    hints: {},
    output: { concise: ConciseThreadBody },
    rename: { channel: 'channel_id', ts: 'thread_ts' },
    toParams: ({ channel_id, thread_ts, ...query }: Static<typeof ThreadArguments>) => ({
      channel: channel_id,
      ts: thread_ts,
      ...query,
    }),
  },
  policy: { conversation: (params) => params.channel, compact: compactThread },
  schemas: [ConciseThreadBody, DetailedThreadBody],
  run: slackRun(threadReplies),
});
