import { type Static, Type } from '@sinclair/typebox';
import {
  type DetailedDirectoryBody,
  directoryQuery,
  FindBackend,
  KnownBool,
  Searched,
} from '../../schemas/find.js';
import { ResponseMetadata } from '../../schemas/slack.js';

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
    workspace: Type.Optional(
      Type.String({ description: 'The workspace it was found in, only when the search covered several' }),
    ),
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

export type SearchChannelsParams = Static<typeof SearchChannelsQuery>;
export type ChannelsBody =
  | ConciseChannelsBody
  | (Static<typeof DetailedDirectoryBody> & Record<string, unknown>);
