import { type Static, Type } from '@sinclair/typebox';
import {
  ChannelFields,
  ChannelRef,
  ConciseChannelMessage,
  Cursor,
  MaxTextChars,
  ResponseFormat,
  ResponseMetadata,
  SlackTsBound,
  WorkspaceRef,
} from '../../schemas/slack.js';

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
    workspace: Type.Optional(WorkspaceRef),
    max_text_chars: MaxTextChars,
  },
  { additionalProperties: false },
);

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

export type ChannelHistoryParams = Static<typeof HistoryParams> & Static<typeof HistoryQuery>;
export type ConciseHistory = Static<typeof ConciseHistoryBody>;
export type DetailedHistory = Static<typeof DetailedHistoryBody> & Record<string, unknown>;
export type HistoryBody = ConciseHistory | DetailedHistory;
