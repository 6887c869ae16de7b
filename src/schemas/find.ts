import { Type } from '@sinclair/typebox';
import { Cursor, ResponseFormat, WorkspaceRef } from './slack.js';
import { StringEnum } from './string-enum.js';

/** Which Slack search answered a file, channel or people search. */
export const FindBackend = StringEnum(['legacy', 'rts'], {
  description:
    "Which Slack search answered: Slack's Real-time Search API (rts, assistant.search.context), or legacy (search.files; conversations.list and users.list read into a directory)",
});

/** The file kinds a file search may be narrowed to (`types`), after Slack's own file type groups. */
export const FILE_KINDS = [
  'canvases',
  'snippets',
  'text',
  'pdfs',
  'images',
  'documents',
  'zips',
  'other',
] as const;
export type FileKindName = (typeof FILE_KINDS)[number];

export const FileKind = StringEnum(FILE_KINDS, { description: 'A kind of file' });

/** When a file was created or changed. */
export const Iso = Type.String({ description: 'ISO 8601, UTC' });

/** How much of a channel or people directory a legacy search looked at. */
export const Searched = Type.Object(
  {
    entries: Type.Integer({ description: 'How many were searched' }),
    complete: Type.Boolean({ description: 'False while the directory is still loading: search again later' }),
    per_minute: Type.Optional(
      Type.Integer({ description: 'While loading: how many Slack listed in the last minute' }),
    ),
    bounded: Type.Optional(
      Type.Literal(true, { description: 'The directory stopped at its bound with more in Slack’s list' }),
    ),
  },
  { additionalProperties: false, description: 'Legacy only: how much of the directory was searched' },
);

/** A true/false Slack may not have said. */
export const KnownBool = (description: string) =>
  Type.Union([Type.Boolean(), Type.Null()], { description: `${description}; null when Slack did not say` });

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
  workspace: Type.Optional(WorkspaceRef),
};

export const DetailedDirectoryBody = Type.Object(
  { ok: Type.Literal(true), backend: FindBackend, summary: Type.String() },
  {
    $id: 'DetailedDirectoryBody',
    additionalProperties: true,
    description:
      'The matches as Slack sent them (conversations.list or users.list objects; assistant.search.context results) plus backend and summary',
  },
);
