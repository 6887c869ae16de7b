import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from './string-enum.js';
import { EXPECTED } from './validation-message.js';

export const ChannelId = Type.String({
  pattern: '^[CGD][A-Z0-9]{2,40}$',
  description: 'A Slack conversation id',
  [EXPECTED]: 'a conversation id like C0123ABCD',
});
/** A conversation id, or a channel's name after `#` (resolved with conversations.list). */
export const ChannelRef = Type.String({
  pattern: '^(?:[CGD][A-Z0-9]{2,40}|#[^\\s#,<>|@]{1,80})$',
  description: 'A Slack conversation id (C…, G…, D…) or a channel name after # (e.g. #deploys)',
  [EXPECTED]: 'an id like C0123ABCD, or #name (%23name in a URL)',
});
export const UserId = Type.String({
  pattern: '^[UW][A-Z0-9]{2,40}$',
  description: 'A Slack user id',
  [EXPECTED]: 'a user id like U0123ABCD',
});
export const SlackTs = Type.String({
  pattern: '^\\d{9,10}\\.\\d{6}$',
  description: 'A Slack message timestamp',
  [EXPECTED]: 'a message ts like 1773133920.004100',
});
export const SlackTsBound = Type.String({
  pattern: '^\\d{1,10}(\\.\\d{1,6})?$',
  description: 'A Slack timestamp bound, e.g. 1234567890.123456 or 1234567890',
  [EXPECTED]: 'a ts like 1773133920.004100 or 1773133920',
});
export const Day = Type.String({ format: 'date', description: 'A UTC day, YYYY-MM-DD' });
export const Cursor = Type.String({
  minLength: 1,
  maxLength: 1024,
  description: 'next_cursor from the previous page',
});
export const ResponseFormat = StringEnum(['concise', 'compact', 'detailed'], {
  default: 'concise',
  description:
    'concise: JSON with the fields an agent needs; compact: the same as plain text for a model (fewest tokens); detailed: Slack’s body plus a summary',
});

/** The workspace a read reads (Enterprise Grid: an org-wide token reads several): its id, domain or name. */
export const WorkspaceRef = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'Workspace id, domain or name (org-wide tokens)',
});

/** Characters of each message text a concise or compact body keeps by default (see BENCHMARKS.md). */
export const DEFAULT_MAX_TEXT_CHARS = 1000;

export const MaxTextChars = Type.Integer({
  minimum: 0,
  maximum: 100_000,
  default: DEFAULT_MAX_TEXT_CHARS,
  description: 'Cut each message text after this many characters; 0 = whole texts',
});

/** A user id, or `@name` (Slack's own `from:@name`, no lookup). */
export const UserRef = Type.String({
  pattern: '^(?:[UW][A-Z0-9]{2,40}|@[^\\s#,<>|@]{1,80})$',
  description: 'A Slack user id or @name',
  [EXPECTED]: 'a user id like U0123ABCD, or @name',
});

const ConciseText = Type.String({
  description:
    'What the message says: its text (or, for app messages with only Block Kit blocks, the blocks), then one line per attachment it was posted with that adds something and `[file: name]` per shared file; `@name` for user mentions, `#name` for channels, `label (url)` for links, `*term*` for highlighted terms; link previews are left out',
});

const UserName = Type.Union([Type.String(), Type.Null()], {
  description:
    "The author's display name (users.info), else the bot's or handle Slack sent; null when unknown",
});

const ContextMessage = Type.Object(
  {
    user_id: Type.Union([Type.String(), Type.Null()]),
    user_name: UserName,
    ts: Type.String(),
    text: ConciseText,
  },
  { additionalProperties: false },
);

export const ConciseContext = Type.Object(
  { before: Type.Array(ContextMessage), after: Type.Array(ContextMessage) },
  {
    additionalProperties: false,
    description:
      'With include_context=true: the messages just before and after the match (in a thread, from that thread)',
  },
);
export type ConciseContext = Static<typeof ConciseContext>;

/** Fields of docs/concise-format.md first, with its meanings; our additions after them. */
export const ConciseMatch = Type.Object(
  {
    channel_id: Type.String({ description: "The conversation's id" }),
    channel_name: Type.Union([Type.String(), Type.Null()], {
      description:
        'The channel name; null for DMs and group DMs (see conversation_label), and when Slack sent none',
    }),
    user_id: Type.Union([Type.String(), Type.Null()], { description: 'null when no user wrote it (a bot)' }),
    username: Type.Union([Type.String(), Type.Null()], {
      description:
        "Slack's `username` of the match (the author's handle), as search.messages sent it; on Real-time Search, which sends none, the handle the workspace's directory names; null when neither does",
    }),
    ts: Type.String(),
    text: ConciseText,
    permalink: Type.String(),
    thread_ts: Type.Optional(Type.String({ description: 'Only for messages in a thread' })),
    user_name: UserName,
    conversation_label: Type.Optional(
      Type.String({
        description: 'DMs and group DMs only: who it is with, `DM with @name` or `group DM with @a, @b`',
      }),
    ),
    context: Type.Optional(ConciseContext),
    workspace: Type.Optional(
      Type.String({ description: 'The workspace it was found in, only when the search covered several' }),
    ),
  },
  { $id: 'ConciseMatch', additionalProperties: false },
);
export type ConciseMatch = Static<typeof ConciseMatch>;

/** Fields of docs/concise-format.md first, with its meanings; our additions after them. */
export const ConciseThreadMessage = Type.Object(
  {
    user_id: Type.Union([Type.String(), Type.Null()], {
      description: 'The user, else the bot, that wrote it',
    }),
    ts: Type.String(),
    text: ConciseText,
    thread_ts: Type.Optional(Type.String({ description: "The thread's id" })),
    reply_count: Type.Optional(Type.Integer({ description: 'The thread root only' })),
    parent_user_id: Type.Optional(Type.String({ description: 'Replies only' })),
    is_parent: Type.Boolean({ description: "True for the thread's root, and for an unthreaded message" }),
    user_name: UserName,
    permalink: Type.String(),
  },
  { $id: 'ConciseThreadMessage', additionalProperties: false },
);
export type ConciseThreadMessage = Static<typeof ConciseThreadMessage>;

export const ConciseChannelMessage = Type.Object(
  {
    user_id: ConciseThreadMessage.properties.user_id,
    user_name: UserName,
    ts: Type.String(),
    text: ConciseText,
    thread_ts: Type.Optional(Type.String({ description: 'Thread roots and replies sent to the channel' })),
    reply_count: Type.Optional(Type.Integer({ description: 'Thread roots only' })),
    permalink: Type.String(),
  },
  { $id: 'ConciseChannelMessage', additionalProperties: false },
);
export type ConciseChannelMessage = Static<typeof ConciseChannelMessage>;

export const ResponseMetadata = Type.Object(
  { next_cursor: Type.String() },
  { additionalProperties: true, description: 'Present only when more results exist' },
);

/** The conversation a channel read answers about. */
export const ChannelFields = {
  channel_id: Type.String(),
  channel_name: Type.Union([Type.String(), Type.Null()], {
    description: 'The channel name; null for a direct message or when Slack did not say',
  }),
};
