import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from './string-enum.js';

export const ChannelId = Type.String({
  pattern: '^[CGD][A-Z0-9]{2,40}$',
  description: 'A Slack conversation id',
});
export const UserId = Type.String({ pattern: '^[UW][A-Z0-9]{2,40}$', description: 'A Slack user id' });
export const SlackTs = Type.String({
  pattern: '^\\d{9,10}\\.\\d{6}$',
  description: 'A Slack message timestamp',
});
export const SlackTsBound = Type.String({
  pattern: '^\\d{1,10}(\\.\\d{1,6})?$',
  description: 'A Slack timestamp bound, e.g. 1234567890.123456 or 1234567890',
});
export const Day = Type.String({ format: 'date', description: 'A UTC day, YYYY-MM-DD' });
export const Cursor = Type.String({
  minLength: 1,
  maxLength: 1024,
  description: 'next_cursor from the previous page',
});
export const ResponseFormat = StringEnum(['concise', 'detailed'], {
  default: 'concise',
  description: 'concise: only the fields an agent needs; detailed: the Slack body unchanged',
});

const ConciseText = Type.String({
  description:
    'The message text, then one line per attachment it was posted with (bots often leave the text empty) and `[file: name]` per shared file; link previews are left out',
});

export const ConciseMatch = Type.Object(
  {
    channel_id: Type.String(),
    channel_name: Type.Union([Type.String(), Type.Null()], { description: 'null for direct messages' }),
    user_id: Type.Union([Type.String(), Type.Null()]),
    username: Type.Union([Type.String(), Type.Null()]),
    ts: Type.String(),
    text: ConciseText,
    permalink: Type.String(),
    thread_ts: Type.Optional(Type.String({ description: 'Only for messages in a thread' })),
  },
  { $id: 'ConciseMatch', additionalProperties: false },
);
export type ConciseMatch = Static<typeof ConciseMatch>;

export const ConciseThreadMessage = Type.Object(
  {
    user_id: Type.Union([Type.String(), Type.Null()]),
    ts: Type.String(),
    text: ConciseText,
    thread_ts: Type.Optional(Type.String()),
    reply_count: Type.Optional(Type.Integer({ description: 'The thread root only' })),
    parent_user_id: Type.Optional(Type.String({ description: 'Replies only' })),
    is_parent: Type.Boolean({ description: "True for the thread's root, and for an unthreaded message" }),
    permalink: Type.String(),
  },
  { $id: 'ConciseThreadMessage', additionalProperties: false },
);
export type ConciseThreadMessage = Static<typeof ConciseThreadMessage>;

export const ResponseMetadata = Type.Object(
  { next_cursor: Type.String() },
  { additionalProperties: true, description: 'Present only when more results exist' },
);
