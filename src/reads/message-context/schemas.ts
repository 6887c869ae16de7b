import { type Static, Type } from '@sinclair/typebox';
import {
  ChannelFields,
  ChannelRef,
  ConciseChannelMessage,
  MaxTextChars,
  ResponseFormat,
  SlackTs,
  WorkspaceRef,
} from '../../schemas/slack.js';
import { ConciseThreadBody, DetailedThreadBody } from '../../schemas/thread.js';

/** At most this many messages on each side of the linked one. */
export const MAX_CONTEXT_SIDE = 50;

const Side = (side: 'before' | 'after') =>
  Type.Integer({
    minimum: 0,
    maximum: MAX_CONTEXT_SIDE,
    default: 5,
    description: `Channel messages ${side} it (0 = none)`,
  });

export const ContextQuery = Type.Object(
  {
    url: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2048,
        description:
          'A Slack message link (https://<workspace>.slack.com/archives/<channel>/p<ts>, with or without ?thread_ts=…&cid=…); parsed, never fetched. Or give channel and ts',
      }),
    ),
    channel: Type.Optional(ChannelRef),
    ts: Type.Optional(Type.Unsafe<string>({ ...SlackTs, description: "The message's ts (with channel)" })),
    thread_ts: Type.Optional(
      Type.Unsafe<string>({
        ...SlackTs,
        description: "Its thread's root ts, for a reply (with channel and ts)",
      }),
    ),
    before: Side('before'),
    after: Side('after'),
    response_format: ResponseFormat,
    workspace: Type.Optional(WorkspaceRef),
    max_text_chars: MaxTextChars,
  },
  { additionalProperties: false },
);

const ChannelMessages = (description: string) => Type.Array(Type.Ref(ConciseChannelMessage), { description });

export const ConciseContextBody = Type.Object(
  {
    ok: Type.Literal(true),
    ...ChannelFields,
    before: ChannelMessages(
      'Channel messages before it (before a reply: before its thread root), oldest first',
    ),
    message: Type.Union([Type.Ref(ConciseChannelMessage), Type.Null()], {
      description:
        'The linked message; null for a reply past the first page of its thread (the summary says)',
    }),
    after: ChannelMessages('Channel messages after it (or after its thread root), oldest first'),
    thread: Type.Optional(
      Type.Ref(ConciseThreadBody, { description: "Its thread's first page, as the thread read gives it" }),
    ),
    summary: Type.String(),
  },
  { $id: 'ConciseContextBody', additionalProperties: false },
);

export const DetailedContextBody = Type.Object(
  {
    ok: Type.Literal(true),
    ...ChannelFields,
    before: Type.Array(Type.Object({}, { additionalProperties: true })),
    message: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
    after: Type.Array(Type.Object({}, { additionalProperties: true })),
    thread: Type.Optional(Type.Ref(DetailedThreadBody)),
    summary: Type.String(),
  },
  {
    $id: 'DetailedContextBody',
    additionalProperties: false,
    description: "Slack's message objects (conversations.history and .replies) in the same places",
  },
);

export type MessageContextParams = Static<typeof ContextQuery>;
export type ConciseMessageContext = Static<typeof ConciseContextBody>;
export type ContextBody = ConciseMessageContext | Static<typeof DetailedContextBody>;
