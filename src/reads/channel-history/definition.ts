import { type Static, Type } from '@sinclair/typebox';
import { readRouteSchema } from '../../schemas/read-route.js';
import { defineRead, slackRun } from '../read-definition.js';
import { compactHistory } from './compact.js';
import { historyCompactExample, historyExamples } from './examples.js';
import { channelHistory, historyServices } from './run.js';
import { ConciseHistoryBody, DetailedHistoryBody, HistoryParams, HistoryQuery } from './schemas.js';

const HistoryArguments = Type.Object(
  { channel_id: HistoryParams.properties.channel, ...HistoryQuery.properties },
  { additionalProperties: false },
);

export const channelHistoryRead = defineRead({
  name: 'channel-history',
  area: 'slack',
  title: "Read a Slack channel's messages",
  services: historyServices,
  // conversations.list finds a #name's id, or search.messages (`in:#name`) while the list still loads.
  slack: {
    'conversations.history': 'conversation',
    'conversations.list': 'tier2',
    'search.messages': 'tier2',
  },
  rest: {
    method: 'GET',
    path: '/channels/:channel/history',
    operationId: 'getChannelHistory',
    description:
      'Returns a page of a channel’s top-level messages (conversations.history), newest first, as a concise body with a summary, or with response_format=detailed Slack’s body plus the summary. `channel` is an id or `#name` (in a path: `%23name`).',
    schema: {
      params: HistoryParams,
      querystring: HistoryQuery,
      ...readRouteSchema({
        concise: ConciseHistoryBody,
        detailed: DetailedHistoryBody,
        examples: historyExamples,
        compactExample: historyCompactExample,
        errors: [400, 401, 403, 404, 429, 502, 503, 504],
      }),
    },
  },
  mcp: {
    tool: 'slack_get_channel_history',
    description: "A channel's messages, newest first.",
    purpose: "read a channel's latest messages",
    annotations: { readOnlyHint: true, openWorldHint: true },
    arguments: HistoryArguments,
    hints: { channel_id: 'id or #name' },
    unlisted: ['inclusive'],
    output: { concise: ConciseHistoryBody },
    rename: { channel: 'channel_id' },
    toParams: ({ channel_id, ...query }: Static<typeof HistoryArguments>) => ({
      channel: channel_id,
      ...query,
    }),
  },
  policy: { conversation: (params) => params.channel, compact: compactHistory },
  schemas: [ConciseHistoryBody, DetailedHistoryBody],
  run: slackRun(channelHistory),
});
