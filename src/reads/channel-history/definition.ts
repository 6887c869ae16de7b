import { type Static, Type } from '@sinclair/typebox';
import { readRouteSchema } from '../../schemas/read-route.js';
import { defineRead, slackRun } from '../read-definition.js';
import { historyCompactExample, historyExamples } from './examples.js';
import { channelHistory } from './run.js';
import {
  type ChannelHistoryParams,
  ConciseHistoryBody,
  DetailedHistoryBody,
  HistoryParams,
  HistoryQuery,
} from './schemas.js';
import { HISTORY_PATH, HISTORY_TOOL } from './wording.js';

const HistoryArguments = Type.Object(
  { channel_id: HistoryParams.properties.channel, ...HistoryQuery.properties },
  { additionalProperties: false },
);

export const channelHistoryRead = defineRead<ChannelHistoryParams>({
  name: 'channel-history',
  area: 'slack',
  title: "Read a Slack channel's messages",
  rest: {
    method: 'GET',
    path: HISTORY_PATH,
    operationId: 'getChannelHistory',
    description:
      'Returns a page of a channel’s top-level messages (conversations.history), newest first, as a concise body with a summary, or with response_format=detailed Slack’s body plus the summary. `channel` is an id or `#name` (in a path: `%23name`).',
    schema: readRouteSchema({
      params: HistoryParams,
      querystring: HistoryQuery,
      concise: ConciseHistoryBody,
      detailed: DetailedHistoryBody,
      examples: historyExamples,
      compactExample: historyCompactExample,
      errors: [400, 401, 403, 404, 429, 502, 503, 504],
    }),
  },
  mcp: {
    tool: HISTORY_TOOL,
    description: "A channel's messages, newest first.",
    purpose: "read a channel's latest messages",
    annotations: { readOnlyHint: true, openWorldHint: true },
    arguments: HistoryArguments,
    hints: { channel_id: 'id or #name' },
    unlisted: ['inclusive'],
    output: { concise: ConciseHistoryBody },
    toParams: ({ channel_id, ...query }: Static<typeof HistoryArguments>) => ({
      channel: channel_id,
      ...query,
    }),
  },
  schemas: [ConciseHistoryBody, DetailedHistoryBody],
  run: slackRun(channelHistory),
});
