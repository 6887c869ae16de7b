import { type Static, Type } from '@sinclair/typebox';
import {
  ChannelId,
  ConciseThreadMessage,
  Cursor,
  MaxTextChars,
  ResponseFormat,
  ResponseMetadata,
  SlackTs,
  SlackTsBound,
  WorkspaceRef,
} from './slack.js';

// A thread's parameters and page as the thread read takes and answers them: the message-context read
// reads a page too.

export const ThreadParams = Type.Object({
  channel: ChannelId,
  ts: Type.Unsafe<string>({ ...SlackTs, description: "The thread's root ts (any reply's ts also works)" }),
});

export const ThreadQuery = Type.Object(
  {
    cursor: Type.Optional(Cursor),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Messages per page' }),
    oldest: Type.Optional(
      Type.Unsafe<string>({ ...SlackTsBound, description: 'Only messages after this ts' }),
    ),
    latest: Type.Optional(
      Type.Unsafe<string>({ ...SlackTsBound, description: 'Only messages before this ts' }),
    ),
    inclusive: Type.Optional(Type.Boolean({ description: 'Include messages at exactly oldest/latest' })),
    response_format: ResponseFormat,
    workspace: Type.Optional(WorkspaceRef),
    max_text_chars: MaxTextChars,
  },
  { additionalProperties: false },
);

/** The thread read's parameters: the path's `channel` and `ts` with the query's. */
export type ThreadRepliesParams = Static<typeof ThreadParams> & Static<typeof ThreadQuery>;

export const ConciseThreadBody = Type.Object(
  {
    ok: Type.Literal(true),
    messages: Type.Array(Type.Ref(ConciseThreadMessage)),
    has_more: Type.Boolean(),
    summary: Type.String(),
    response_metadata: Type.Optional(ResponseMetadata),
  },
  { $id: 'ConciseThreadBody', additionalProperties: false },
);

export const DetailedThreadBody = Type.Object(
  { ok: Type.Literal(true), summary: Type.String() },
  {
    $id: 'DetailedThreadBody',
    additionalProperties: true,
    description: "Slack's conversations.replies body plus summary",
  },
);

export type ConciseThread = Static<typeof ConciseThreadBody>;
/** Slack's conversations.replies body (loosely typed: passed through) with our summary. */
export type DetailedThread = Static<typeof DetailedThreadBody> & Record<string, unknown>;
export type ThreadBody = ConciseThread | DetailedThread;
