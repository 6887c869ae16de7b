import { type Static, Type } from '@sinclair/typebox';
import { FILE_KINDS, FileKind, FindBackend, Iso } from '../../schemas/find.js';
import {
  ChannelRef,
  Cursor,
  Day,
  MaxTextChars,
  ResponseFormat,
  ResponseMetadata,
  UserRef,
  WorkspaceRef,
} from '../../schemas/slack.js';

export const SearchFilesQuery = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 2000, description: 'Words of the title, name or text' }),
    types: Type.Optional(
      Type.Array(FileKind, {
        maxItems: FILE_KINDS.length,
        description: `Only these kinds (repeated or comma-separated): ${FILE_KINDS.join(', ')}`,
      }),
    ),
    channel_ids: Type.Optional(
      Type.Array(ChannelRef, { maxItems: 50, description: 'Shared in these channels: ids or #names' }),
    ),
    from_users: Type.Optional(
      Type.Array(UserRef, { maxItems: 50, description: 'Uploaded by: ids or @names' }),
    ),
    after: Type.Optional(Type.Unsafe<string>({ ...Day, description: 'Created after this day (YYYY-MM-DD)' })),
    before: Type.Optional(
      Type.Unsafe<string>({ ...Day, description: 'Created before this day (YYYY-MM-DD)' }),
    ),
    count: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Files per page' }),
    cursor: Type.Optional(Cursor),
    response_format: ResponseFormat,
    workspace: Type.Optional(WorkspaceRef),
    max_text_chars: Type.Integer({
      ...MaxTextChars,
      default: 300,
      description: "Cut each file's preview after this many characters; 0 = as Slack sent it",
    }),
  },
  { additionalProperties: false },
);

export const ConciseFile = Type.Object(
  {
    file_id: Type.String(),
    title: Type.String(),
    file_type: Type.String({ description: "Slack's filetype (quip for a canvas, pdf, csv, shell…)" }),
    kind: FileKind,
    user_id: Type.Union([Type.String(), Type.Null()], { description: 'Who uploaded or wrote it' }),
    user_name: Type.Union([Type.String(), Type.Null()], {
      description: 'Their display name; null when unknown',
    }),
    created: Iso,
    permalink: Type.String(),
    preview: Type.Optional(
      Type.String({ description: 'The start of its text, when Slack sent one (cut at max_text_chars)' }),
    ),
    workspace: Type.Optional(
      Type.String({ description: 'The workspace it was found in, only when the search covered several' }),
    ),
  },
  { $id: 'ConciseFile', additionalProperties: false },
);
export type ConciseFile = Static<typeof ConciseFile>;

export const ConciseFilesBody = Type.Object(
  {
    ok: Type.Literal(true),
    query: Type.String({ description: 'The query sent to Slack' }),
    backend: FindBackend,
    files: Type.Object(
      {
        total: Type.Integer({ description: 'Matches in all (legacy); with rts, those seen up to this page' }),
        matches: Type.Array(Type.Ref(ConciseFile)),
      },
      { additionalProperties: false },
    ),
    summary: Type.String(),
    response_metadata: Type.Optional(ResponseMetadata),
  },
  { $id: 'ConciseFilesBody', additionalProperties: false },
);
export type ConciseFilesBody = Static<typeof ConciseFilesBody>;

export const DetailedFilesBody = Type.Object(
  { ok: Type.Literal(true), backend: FindBackend, summary: Type.String() },
  {
    $id: 'DetailedFilesBody',
    additionalProperties: true,
    description: "Slack's search.files or assistant.search.context body plus backend and summary",
  },
);

export type SearchFilesParams = Static<typeof SearchFilesQuery>;
export type FilesBody = ConciseFilesBody | (Static<typeof DetailedFilesBody> & Record<string, unknown>);
