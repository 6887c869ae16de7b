import { type Static, Type } from '@sinclair/typebox';
import { Cursor, ResponseFormat, ResponseMetadata, WorkspaceRef } from '../../schemas/slack.js';

export const SearchUsergroupsQuery = Type.Object(
  {
    query: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Words of a handle, name or description (@handle works); leave out to list every group',
      }),
    ),
    include_disabled: Type.Boolean({ default: false, description: 'Also disabled groups' }),
    max_members: Type.Integer({
      minimum: 0,
      maximum: 1000,
      default: 50,
      description: 'Members named per group; 0 = all',
    }),
    count: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Groups per page' }),
    cursor: Type.Optional(Cursor),
    response_format: ResponseFormat,
    workspace: Type.Optional(WorkspaceRef),
  },
  { additionalProperties: false },
);

export const UsergroupMember = Type.Object(
  {
    user_id: Type.String(),
    user_name: Type.Union([Type.String(), Type.Null()], { description: 'Display name; null when unknown' }),
  },
  { additionalProperties: false },
);

export const ConciseUsergroup = Type.Object(
  {
    usergroup_id: Type.String(),
    handle: Type.String({ description: 'Mentioned as @handle' }),
    name: Type.String(),
    description: Type.String(),
    disabled: Type.Optional(
      Type.Literal(true, { description: 'Only with include_disabled: a disabled group' }),
    ),
    member_count: Type.Integer(),
    members: Type.Array(UsergroupMember, { description: "Up to max_members, in Slack's order" }),
    workspace: Type.Optional(
      Type.String({ description: 'The workspace it was found in, only when the search covered several' }),
    ),
  },
  { $id: 'ConciseUsergroup', additionalProperties: false },
);
export type ConciseUsergroup = Static<typeof ConciseUsergroup>;

export const ConciseUsergroupsBody = Type.Object(
  {
    ok: Type.Literal(true),
    query: Type.Optional(Type.String({ description: 'The query, when one was given' })),
    usergroups: Type.Array(Type.Ref(ConciseUsergroup), { description: 'Best first' }),
    summary: Type.String(),
    response_metadata: Type.Optional(ResponseMetadata),
  },
  { $id: 'ConciseUsergroupsBody', additionalProperties: false },
);
export type ConciseUsergroupsBody = Static<typeof ConciseUsergroupsBody>;

export const DetailedUsergroupsBody = Type.Object(
  { ok: Type.Literal(true), summary: Type.String() },
  {
    $id: 'DetailedUsergroupsBody',
    additionalProperties: true,
    description: "The matching groups as Slack's usergroups.list sends them (users included) plus summary",
  },
);

export type SearchUsergroupsParams = Static<typeof SearchUsergroupsQuery>;
export type UsergroupsBody =
  | ConciseUsergroupsBody
  | (Static<typeof DetailedUsergroupsBody> & Record<string, unknown>);
