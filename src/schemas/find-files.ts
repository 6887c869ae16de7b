import { type Static, Type } from '@sinclair/typebox';
import { FILE_KINDS } from '../slack/file-kind.js';
import { ChannelRef, Cursor, Day, MaxTextChars, ResponseFormat, ResponseMetadata, UserRef } from './slack.js';
import { StringEnum } from './string-enum.js';

const FindBackend = StringEnum(['legacy', 'rts'], {
  description:
    "Which Slack search answered: Slack's Real-time Search API (rts, assistant.search.context), or legacy (search.files; conversations.list and users.list read into a directory)",
});

export { FindBackend };

const FileKind = StringEnum(FILE_KINDS, { description: 'A kind of file' });
const Iso = Type.String({ description: 'ISO 8601, UTC' });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T, description: string) =>
  Type.Union([t, Type.Null()], { description });

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

export const ReadFileParams = Type.Object({
  file_id: Type.String({ pattern: '^F[A-Z0-9]{2,40}$', description: 'A Slack file id, e.g. F0123ABCD' }),
});

/** Characters of a file's text a read returns by default. */
export const DEFAULT_FILE_TEXT_CHARS = 8000;

export const ReadFileQuery = Type.Object(
  {
    max_text_chars: Type.Integer({
      minimum: 0,
      maximum: 1_000_000,
      default: DEFAULT_FILE_TEXT_CHARS,
      description: 'Characters of text to return; 0 = all (within the response size limit)',
    }),
    offset: Type.Integer({
      minimum: 0,
      maximum: 10_000_000,
      default: 0,
      description: 'Characters of text to skip: read on where the previous answer stopped',
    }),
    response_format: ResponseFormat,
  },
  { additionalProperties: false },
);

export const FileFacts = Type.Object(
  {
    file_id: Type.String(),
    title: Type.String(),
    name: Type.String(),
    file_type: Type.String(),
    kind: FileKind,
    mimetype: Type.String(),
    size: Type.Integer({ description: 'Bytes' }),
    user_id: Type.Union([Type.String(), Type.Null()]),
    user_name: Type.Union([Type.String(), Type.Null()]),
    created: Iso,
    updated: Type.Optional(Iso),
    permalink: Type.String(),
  },
  { additionalProperties: false },
);

export const ConciseFileBody = Type.Object(
  {
    ok: Type.Literal(true),
    file: FileFacts,
    text: Nullable(
      Type.String(),
      'Canvases and HTML as Markdown-like text, text files as they are, from `offset`; null when none was read',
    ),
    text_format: Type.Union([StringEnum(['markdown', 'text']), Type.Null()]),
    text_chars: Type.Integer({ description: 'Characters of the whole text (0 when none was read)' }),
    offset: Type.Integer(),
    truncated: Type.Boolean({ description: 'More text follows: read on with offset' }),
    summary: Type.String(),
  },
  { $id: 'ConciseFileBody', additionalProperties: false },
);
export type ConciseFileBody = Static<typeof ConciseFileBody>;

export const DetailedFileBody = Type.Object(
  { ok: Type.Literal(true), summary: Type.String() },
  {
    $id: 'DetailedFileBody',
    additionalProperties: true,
    description:
      "Slack's files.info body plus the text read (text, text_format, text_chars, offset, truncated) and summary",
  },
);

export type ReadFileParams = Static<typeof ReadFileParams> & Static<typeof ReadFileQuery>;
export type FileBody = ConciseFileBody | (Static<typeof DetailedFileBody> & Record<string, unknown>);
