import { type Static, Type } from '@sinclair/typebox';
import {
  ChannelRef,
  ConciseMatch,
  Cursor,
  Day,
  MaxTextChars,
  ResponseFormat,
  ResponseMetadata,
  UserRef,
  WorkspaceRef,
} from '../../schemas/slack.js';
import { StringEnum } from '../../schemas/string-enum.js';

export const SearchQuery = Type.Object(
  {
    query: Type.Optional(
      Type.String({ minLength: 1, maxLength: 2000, description: 'Search words; optional only with to_me' }),
    ),
    count: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Matches per page' }),
    cursor: Type.Optional(Cursor),
    sort: StringEnum(['score', 'timestamp'], { default: 'score', description: 'Order of matches' }),
    sort_dir: StringEnum(['asc', 'desc'], { default: 'desc', description: 'Direction of the order' }),
    highlight: Type.Boolean({
      default: true,
      description: 'Mark matched terms (as *term* in concise bodies)',
    }),
    response_format: ResponseFormat,
    workspace: Type.Optional(WorkspaceRef),
    channel_ids: Type.Optional(
      Type.Array(ChannelRef, {
        maxItems: 50,
        description: 'Search within these channels: ids or #names (repeated or comma-separated)',
      }),
    ),
    from_users: Type.Optional(
      Type.Array(UserRef, {
        maxItems: 50,
        description: 'Messages from these users: ids or @names (repeated or comma-separated)',
      }),
    ),
    after: Type.Optional(
      Type.Unsafe<string>({ ...Day, description: 'Only messages after this day (YYYY-MM-DD)' }),
    ),
    before: Type.Optional(
      Type.Unsafe<string>({ ...Day, description: 'Only messages before this day (YYYY-MM-DD)' }),
    ),
    on: Type.Optional(Type.Unsafe<string>({ ...Day, description: 'Only messages on this day (YYYY-MM-DD)' })),
    to_me: StringEnum(['false', 'true', 'mention', 'dm'], {
      default: 'false',
      description:
        'Messages addressed to the token’s user: true = @-mentions in channels and direct messages; mention or dm for one side',
    }),
    min_score: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: "Drop matches scoring below this share of the page's best",
      }),
    ),
    dedupe_threads: Type.Boolean({ default: false, description: 'Keep only the best match per thread' }),
    max_text_chars: MaxTextChars,
    include_context: Type.Boolean({
      default: false,
      description: 'Add the messages just before and after each concise match as `context`',
    }),
  },
  { additionalProperties: false },
);

const SearchBackendName = StringEnum(['search.messages', 'rts'], {
  description:
    'Which Slack search answered: search.messages, or the Real-time Search API (assistant.search.context)',
});
const Semantic = Type.Boolean({
  description:
    'True when Slack searched by meaning (the workspace has AI search and the query is a question)',
});

export const ConciseSearchBody = Type.Object(
  {
    ok: Type.Literal(true),
    query: Type.String({
      description: 'The query sent to Slack (with to_me=true the first of the two in `queries`)',
    }),
    queries: Type.Optional(
      Type.Array(Type.String(), { description: 'Every query sent to Slack, when there was more than one' }),
    ),
    backend: SearchBackendName,
    semantic: Semantic,
    messages: Type.Object(
      {
        total: Type.Integer({
          description:
            'Matches in all (search.messages); with backend rts, which reports no total, the matches seen up to this page',
        }),
        matches: Type.Array(Type.Ref(ConciseMatch)),
      },
      { additionalProperties: false },
    ),
    summary: Type.String(),
    response_metadata: Type.Optional(ResponseMetadata),
  },
  { $id: 'ConciseSearchBody', additionalProperties: false },
);

export const DetailedSearchBody = Type.Object(
  { ok: Type.Literal(true), backend: SearchBackendName, semantic: Semantic, summary: Type.String() },
  {
    $id: 'DetailedSearchBody',
    additionalProperties: true,
    description:
      "Slack's search.messages or assistant.search.context body plus backend, semantic and summary",
  },
);

export type SearchMessagesParams = Static<typeof SearchQuery>;
export type ConciseSearch = Static<typeof ConciseSearchBody>;
/** Slack's search.messages body (loosely typed: passed through) with our summary. */
export type DetailedSearch = Static<typeof DetailedSearchBody> & Record<string, unknown>;
export type SearchMessagesBody = ConciseSearch | DetailedSearch;
