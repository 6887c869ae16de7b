import { type Static, Type } from '@sinclair/typebox';
import { readRouteSchema } from '../../schemas/read-route.js';
import { defineRead, slackRun } from '../read-definition.js';
import { withCompact } from '../with-compact.js';
import { compactFile } from './compact.js';
import { fileCompactExample, fileExamples } from './examples.js';
import { readFile } from './run.js';
import { ConciseFileBody, DetailedFileBody, ReadFileParams, ReadFileQuery } from './schemas.js';
import { readFileServices } from './services.js';

const ReadFileArguments = Type.Object(
  { file_id: ReadFileParams.properties.file_id, ...ReadFileQuery.properties },
  { additionalProperties: false },
);

export const readFileRead = defineRead({
  name: 'read-file',
  area: 'slack',
  title: 'Read a Slack file or canvas',
  services: readFileServices,
  slack: { 'files.info': 'tier3' },
  rest: {
    method: 'GET',
    path: '/files/:file_id',
    operationId: 'readFile',
    description:
      'Returns a file’s metadata (files.info) and its text, downloaded with the caller’s own token from Slack’s file host only (2 MB at most): canvases and HTML as Markdown-like text (headings, lists, checklists, links, tables; mentions as names), text, CSV and snippets as they are; PDFs, images and other files as metadata with a summary saying where to open them. `max_text_chars` and `offset` page through long texts. A file the caller cannot see is a 404.',
    schema: {
      params: ReadFileParams,
      querystring: ReadFileQuery,
      ...readRouteSchema({
        concise: ConciseFileBody,
        detailed: DetailedFileBody,
        examples: fileExamples,
        compactExample: fileCompactExample,
        errors: [400, 401, 403, 404, 429, 502, 503, 504],
      }),
    },
  },
  mcp: {
    tool: 'slack_read_file',
    description:
      'A file or canvas from slack_search_files as text (canvases as Markdown), with its metadata; offset reads on.',
    purpose: 'read a canvas or file',
    annotations: { readOnlyHint: true, openWorldHint: true },
    arguments: ReadFileArguments,
    hints: {},
    output: { concise: ConciseFileBody },
    toParams: (args: Static<typeof ReadFileArguments>) => args,
  },
  policy: { file: (params) => params.file_id, compact: compactFile },
  schemas: [ConciseFileBody, DetailedFileBody],
  run: slackRun(withCompact(readFile, compactFile)),
});
