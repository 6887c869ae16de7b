import { type Static, Type } from '@sinclair/typebox';
import { readRouteSchema } from '../../schemas/read-route.js';
import { ConciseThreadBody, DetailedThreadBody } from '../../schemas/thread.js';
import { defineRead, slackRun } from '../read-definition.js';
import { compactContext } from './compact.js';
import { contextCompactExample, contextExamples } from './examples.js';
import { contextServices } from './fetch-around.js';
import { messageContext } from './run.js';
import { ConciseContextBody, ContextQuery, DetailedContextBody } from './schemas.js';

const { url, channel, ...contextRest } = ContextQuery.properties;
const ContextArguments = Type.Object(
  { url, channel_id: channel, ...contextRest },
  { additionalProperties: false },
);

export const messageContextRead = defineRead({
  name: 'message-context',
  area: 'slack',
  title: 'Read a Slack message in context',
  services: contextServices,
  // conversations.list finds a #name's id.
  slack: {
    'conversations.history': 'conversation',
    'conversations.replies': 'conversation',
    'conversations.list': 'tier2',
    'search.messages': 'tier2',
  },
  names: ['channel-history', 'thread-replies'],
  rest: {
    method: 'GET',
    path: '/messages/context',
    operationId: 'getMessageContext',
    summary: 'Read a Slack message with what was said around it',
    description:
      'Given a Slack message link (`url`) or `channel` + `ts`: the message, up to `before` channel messages before it and `after` after it, and its thread’s first page when it is in a thread or starts one; at most three Slack calls (none when cached). A link to another workspace than the Slack token’s is refused (400).',
    schema: {
      querystring: ContextQuery,
      ...readRouteSchema({
        concise: ConciseContextBody,
        detailed: DetailedContextBody,
        examples: contextExamples,
        compactExample: contextCompactExample,
        errors: [400, 401, 403, 404, 429, 502, 503, 504],
      }),
    },
  },
  mcp: {
    tool: 'slack_get_message_context',
    description: 'A message (url, or channel_id + ts), the messages around it and its thread.',
    purpose: "read a Slack link's message and what was said around it",
    annotations: { readOnlyHint: true, openWorldHint: true },
    arguments: ContextArguments,
    hints: { channel_id: 'id or #name' },
    output: { concise: ConciseContextBody },
    rename: { channel: 'channel_id' },
    toParams: ({ channel_id, ...rest }: Static<typeof ContextArguments>) => ({
      ...rest,
      ...(channel_id === undefined ? {} : { channel: channel_id }),
    }),
  },
  policy: { conversation: (params) => params.channel ?? params.url, compact: compactContext },
  schemas: [ConciseThreadBody, DetailedThreadBody, ConciseContextBody, DetailedContextBody],
  run: slackRun(messageContext),
});
