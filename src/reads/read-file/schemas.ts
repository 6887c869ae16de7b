import { type Static, Type } from '@sinclair/typebox';
import { FileKind, Iso } from '../../schemas/find.js';
import { ResponseFormat, WorkspaceRef } from '../../schemas/slack.js';
import { StringEnum } from '../../schemas/string-enum.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T, description: string) =>
  Type.Union([t, Type.Null()], { description });

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
    workspace: Type.Optional(WorkspaceRef),
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
