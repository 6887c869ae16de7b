import { type Static, Type } from '@sinclair/typebox';
import { slackErrorResponses } from './error.js';
import { searchExamples } from './examples.js';
import { projectHeaders, slackTokenHeader, xCacheHeader } from './headers.js';
import { jsonResponse } from './response.js';
import { ChannelId, ConciseMatch, Cursor, Day, ResponseFormat, ResponseMetadata, UserId } from './slack.js';
import { StringEnum } from './string-enum.js';

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
    channel_ids: Type.Optional(
      Type.Array(ChannelId, {
        maxItems: 50,
        description: 'Search within these channels (repeated or comma-separated)',
      }),
    ),
    from_users: Type.Optional(
      Type.Array(UserId, {
        maxItems: 50,
        description: 'Messages from these users (repeated or comma-separated)',
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
    max_text_chars: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100_000,
        description: 'Cut each message text after this many code points',
      }),
    ),
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

export const searchMessagesSchema = {
  tags: ['slack'],
  operationId: 'searchMessages',
  summary: 'Search Slack messages',
  description:
    'Runs Slack search.messages or its Real-time Search API (SLACK_SEARCH_BACKEND; `backend` says which answered) with the caller’s Slack identity (X-Slack-Token, else SLACK_USER_TOKEN) and returns a concise body with a one-line summary, or with response_format=detailed Slack’s body plus the summary (and our next_cursor when there is more). Concise texts name users and channels and are cut evenly to fit MAX_RESPONSE_BYTES.',
  security: [{ bearerAuth: [] }],
  querystring: SearchQuery,
  headers: Type.Object({ ...slackTokenHeader, ...projectHeaders }),
  response: {
    200: jsonResponse(
      'Concise (default) or detailed body',
      Type.Union([Type.Ref(ConciseSearchBody), Type.Ref(DetailedSearchBody)]),
      searchExamples,
      xCacheHeader,
    ),
    ...slackErrorResponses(400, 401, 403, 404, 429, 502, 503, 504),
  },
};

export type SearchMessagesParams = Static<typeof SearchQuery>;
export type ConciseSearch = Static<typeof ConciseSearchBody>;
/** Slack's search.messages body (loosely typed: passed through) with our summary. */
export type DetailedSearch = Static<typeof DetailedSearchBody> & Record<string, unknown>;
export type SearchMessagesBody = ConciseSearch | DetailedSearch;
