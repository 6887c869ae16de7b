import { type Static, Type } from '@sinclair/typebox';
import {
  type DetailedDirectoryBody,
  directoryQuery,
  FindBackend,
  KnownBool,
  Searched,
} from '../../schemas/find.js';
import { ResponseMetadata } from '../../schemas/slack.js';

export const SearchUsersQuery = Type.Object(
  {
    ...directoryQuery,
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
    workspace: Type.Optional(
      Type.String({ description: 'The workspace it was found in, only when the search covered several' }),
    ),
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

export type SearchUsersParams = Static<typeof SearchUsersQuery>;
export type UsersBody = ConciseUsersBody | (Static<typeof DetailedDirectoryBody> & Record<string, unknown>);
