import { type Static, Type } from '@sinclair/typebox';
import { FindBackend } from './find-files.js';
import { Cursor, ResponseFormat, ResponseMetadata } from './slack.js';

const KnownBool = (description: string) =>
  Type.Union([Type.Boolean(), Type.Null()], { description: `${description}; null when Slack did not say` });

const Searched = Type.Object(
  {
    entries: Type.Integer({ description: 'How many were searched' }),
    complete: Type.Boolean({ description: 'False while the directory is still loading: search again later' }),
  },
  { additionalProperties: false, description: 'Legacy only: how much of the directory was searched' },
);

const common = {
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
    ...common,
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

export const SearchUsersQuery = Type.Object(
  {
    ...common,
    include_deleted: Type.Boolean({ default: false, description: 'Also deactivated people' }),
    include_bots: Type.Boolean({ default: false, description: 'Also bots and apps' }),
    include_email: Type.Boolean({
      default: false,
      description: 'Add `email` when Slack sends one (the token needs users:read.email)',
    }),
  },
  { additionalProperties: false },
);

export const ConciseUser = Type.Object(
  {
    user_id: Type.String(),
    name: Type.String({ description: 'The handle' }),
    real_name: Type.String(),
    display_name: Type.Optional(Type.String({ description: 'When it differs from real_name' })),
    title: Type.Union([Type.String(), Type.Null()], {
      description: 'Job title; null when Slack did not say',
    }),
    is_bot: KnownBool('A bot or app'),
    deleted: Type.Optional(Type.Boolean({ description: 'Only with include_deleted: deactivated' })),
    tz: Type.Optional(Type.String({ description: 'Time zone, when known' })),
    email: Type.Optional(Type.String({ description: 'Only with include_email, when Slack sent one' })),
    permalink: Type.String(),
  },
  { $id: 'ConciseUser', additionalProperties: false },
);
export type ConciseUser = Static<typeof ConciseUser>;

export const ConciseUsersBody = Type.Object(
  {
    ok: Type.Literal(true),
    query: Type.String(),
    backend: FindBackend,
    users: Type.Array(Type.Ref(ConciseUser), { description: 'Best first' }),
    searched: Type.Optional(Searched),
    summary: Type.String(),
    response_metadata: Type.Optional(ResponseMetadata),
  },
  { $id: 'ConciseUsersBody', additionalProperties: false },
);
export type ConciseUsersBody = Static<typeof ConciseUsersBody>;

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
export type SearchUsersParams = Static<typeof SearchUsersQuery>;
export type ChannelsBody =
  | ConciseChannelsBody
  | (Static<typeof DetailedDirectoryBody> & Record<string, unknown>);
export type UsersBody = ConciseUsersBody | (Static<typeof DetailedDirectoryBody> & Record<string, unknown>);
