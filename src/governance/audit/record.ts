import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../../schemas/string-enum.js';

/** Who asked: a signed-in person (`T…:U…`), an API token (its name), or the local user of the stdio bin. */
export const AuditWho = Type.Object(
  {
    kind: StringEnum(['person', 'token', 'local']),
    /** `team:user` for a person, the token's name, `stdio:<user>` for the local user. */
    id: Type.String({ description: 'team:user for a person, the token’s name, stdio:<os user> locally' }),
    team_id: Type.Optional(Type.String()),
    user_id: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type AuditWho = Static<typeof AuditWho>;

/** Through which client: the front end, the OAuth client of a signed-in person, the MCP client's own name. */
export const AuditClient = Type.Object(
  {
    via: StringEnum(['rest', 'mcp', 'stdio']),
    id: Type.Optional(Type.String({ description: 'The OAuth client id (signed-in people)' })),
    name: Type.Optional(Type.String({ description: 'The OAuth client’s name (signed-in people)' })),
    mcp_name: Type.Optional(
      Type.String({ description: 'The MCP client’s self-reported clientInfo name, when it sent one' }),
    ),
  },
  { additionalProperties: false },
);
export type AuditClient = Static<typeof AuditClient>;

/** Returned messages of one channel: a group per channel keeps a record about half the size of a pair per message. */
const MessagesOfChannel = Type.Object(
  {
    channel: Type.Union([Type.String(), Type.Null()], { description: 'The channel id; null: not named' }),
    ts: Type.Array(Type.String(), { description: 'Its messages’ ts, in the order returned' }),
  },
  { additionalProperties: false },
);

/** What came back: counts by kind and the ids of what was returned, never a text. */
export const AuditReturned = Type.Object(
  {
    counts: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), {
      description: 'Items returned by kind (messages, files, channels, users, usergroups, tools)',
    }),
    channels: Type.Array(Type.String(), { description: 'Channel ids the answer holds' }),
    messages: Type.Array(MessagesOfChannel, {
      description: 'The returned messages by channel, each channel once, in the order first returned',
    }),
    files: Type.Array(Type.String(), { description: 'File ids the answer holds' }),
    truncated: Type.Boolean({ description: 'More ids than a record keeps (counts stay whole)' }),
  },
  { additionalProperties: false },
);
export type AuditReturned = Static<typeof AuditReturned>;

/** What the policy removed from an answer (items) and redacted in it (matches per pattern name). */
export const AuditPolicy = Type.Object(
  {
    removed: Type.Integer({ minimum: 0 }),
    redacted: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type AuditPolicy = Static<typeof AuditPolicy>;

/** One read, as the audit keeps it: a JSON line, and an item of GET /admin/audit. */
export const AuditRecord = Type.Object(
  {
    time: Type.String({ format: 'date-time', description: 'When the read started' }),
    request_id: Type.String(),
    who: AuditWho,
    client: AuditClient,
    read: Type.String({ description: 'The read (its folder name, e.g. search-messages)' }),
    params: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'Its parameters (strings cut at 500 characters, lists at 20 values, nested objects only counted); a search’s query only when AUDIT_RECORD_QUERIES is true',
    }),
    status: StringEnum(['ok', 'error']),
    http_status: Type.Integer(),
    error_code: Type.Optional(Type.String()),
    duration_ms: Type.Number({ minimum: 0 }),
    returned: Type.Union([AuditReturned, Type.Null()], { description: 'null when the read failed' }),
    backend: Type.Union([Type.String(), Type.Null()], { description: 'The search backend, when it says' }),
    slack_calls: Type.Integer({ minimum: 0, description: 'Calls to Slack this read made (cached: 0)' }),
    cache: Type.Union([StringEnum(['HIT', 'MISS', 'STALE']), Type.Null()]),
    policy: Type.Union([AuditPolicy, Type.Null()], {
      description: 'What the policy removed or redacted; null when no policy touched the read',
    }),
  },
  { additionalProperties: false },
);
export type AuditRecord = Static<typeof AuditRecord>;
