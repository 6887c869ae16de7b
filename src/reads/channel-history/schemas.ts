import { type Static, Type } from '@sinclair/typebox';
import { readRouteSchema } from '../../schemas/read-route.js';
import {
  ChannelRef,
  ConciseChannelMessage,
  Cursor,
  MaxTextChars,
  ResponseFormat,
  ResponseMetadata,
  SlackTsBound,
} from '../../schemas/slack.js';
import { historyCompactExample, historyExamples } from './examples.js';

export const HistoryParams = Type.Object({ channel: ChannelRef });

export const HistoryQuery = Type.Object(
  {
    cursor: Type.Optional(Cursor),
    limit: Type.Integer({ minimum: 1, maximum: 999, default: 20, description: 'Messages per page' }),
    oldest: Type.Optional(
      Type.Unsafe<string>({
        ...SlackTsBound,
        description: 'Only messages after this ts; alone, the page closest to it (read forward)',
      }),
    ),
    latest: Type.Optional(
      Type.Unsafe<string>({ ...SlackTsBound, description: 'Only messages before this ts (default now)' }),
    ),
    inclusive: Type.Optional(Type.Boolean({ description: 'Include messages at exactly oldest/latest' })),
    response_format: ResponseFormat,
    max_text_chars: MaxTextChars,
  },
  { additionalProperties: false },
);

export const ChannelFields = {
  channel_id: Type.String(),
  channel_name: Type.Union([Type.String(), Type.Null()], {
    description: 'The channel name; null for a direct message or when Slack did not say',
  }),
};

export const ConciseHistoryBody = Type.Object(
  {
    ok: Type.Literal(true),
    ...ChannelFields,
    messages: Type.Array(Type.Ref(ConciseChannelMessage), {
      description: 'Newest first, as Slack sends them',
    }),
    has_more: Type.Boolean(),
    summary: Type.String(),
    response_metadata: Type.Optional(ResponseMetadata),
  },
  { $id: 'ConciseHistoryBody', additionalProperties: false },
);

export const DetailedHistoryBody = Type.Object(
  { ok: Type.Literal(true), summary: Type.String() },
  {
    $id: 'DetailedHistoryBody',
    additionalProperties: true,
    description: "Slack's conversations.history body plus summary",
  },
);

export const historySchema = readRouteSchema({
  params: HistoryParams,
  querystring: HistoryQuery,
  concise: ConciseHistoryBody,
  detailed: DetailedHistoryBody,
  examples: historyExamples,
  compactExample: historyCompactExample,
  errors: [400, 401, 403, 404, 429, 502, 503, 504],
});

export type ChannelHistoryParams = Static<typeof HistoryParams> & Static<typeof HistoryQuery>;
export type ConciseHistory = Static<typeof ConciseHistoryBody>;
export type DetailedHistory = Static<typeof DetailedHistoryBody> & Record<string, unknown>;
export type HistoryBody = ConciseHistory | DetailedHistory;
