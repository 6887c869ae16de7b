import { type Static, Type } from '@sinclair/typebox';
import { FindBackend, KnownBool, Searched } from '../../schemas/find.js';
import { readRouteSchema } from '../../schemas/read-route.js';
import { Cursor, ResponseFormat, ResponseMetadata } from '../../schemas/slack.js';
import { channelsCompactExample, channelsExamples } from './examples.js';

/** The parameters every directory search takes (people searches too). */
export const directoryQuery = {
  query: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'Words of a name, or of a topic, purpose or title',
  }),
  count: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Matches per page' }),
  cursor: Type.Optional(Cursor),
  response_format: ResponseFormat,
};

export const SearchChannelsQuery = Type.Object(
  {
    ...directoryQuery,
    include_archived: Type.Boolean({ default: false, description: 'Also archived channels' }),
  },
  { additionalProperties: false },
);

export const ConciseChannel = Type.Object(
  {
    channel_id: Type.String(),
    name: Type.String(),
    topic: Type.String(),
    purpose: Type.String(),
    is_private: KnownBool('A private channel the caller is in'),
    is_archived: KnownBool('Archived'),
    num_members: Type.Optional(Type.Integer({ description: 'When Slack said' })),
    permalink: Type.String(),
  },
  { $id: 'ConciseChannel', additionalProperties: false },
);
export type ConciseChannel = Static<typeof ConciseChannel>;

export const ConciseChannelsBody = Type.Object(
  {
    ok: Type.Literal(true),
    query: Type.String(),
    backend: FindBackend,
    channels: Type.Array(Type.Ref(ConciseChannel), { description: 'Best first' }),
    searched: Type.Optional(Searched),
    summary: Type.String(),
    response_metadata: Type.Optional(ResponseMetadata),
  },
  { $id: 'ConciseChannelsBody', additionalProperties: false },
);
export type ConciseChannelsBody = Static<typeof ConciseChannelsBody>;

export const DetailedDirectoryBody = Type.Object(
  { ok: Type.Literal(true), backend: FindBackend, summary: Type.String() },
  {
    $id: 'DetailedDirectoryBody',
    additionalProperties: true,
    description:
      'The matches as Slack sent them (conversations.list or users.list objects; assistant.search.context results) plus backend and summary',
  },
);

export type SearchChannelsParams = Static<typeof SearchChannelsQuery>;
export type ChannelsBody =
  | ConciseChannelsBody
  | (Static<typeof DetailedDirectoryBody> & Record<string, unknown>);

export const searchChannelsSchema = readRouteSchema({
  querystring: SearchChannelsQuery,
  concise: ConciseChannelsBody,
  detailed: DetailedDirectoryBody,
  examples: channelsExamples,
  compactExample: channelsCompactExample,
  errors: [400, 401, 403, 429, 502, 503, 504],
});
