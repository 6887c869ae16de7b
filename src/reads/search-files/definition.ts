import { readRouteSchema } from '../../schemas/read-route.js';
import { acrossRun } from '../across-run.js';
import { defineRead } from '../read-definition.js';
import { withCompact } from '../with-compact.js';
import { searchFilesAcross } from './across.js';
import { compactFiles } from './compact.js';
import { filesCompactExample, filesExamples } from './examples.js';
import { filesServices, searchFiles } from './run.js';
import { ConciseFile, ConciseFilesBody, DetailedFilesBody, SearchFilesQuery } from './schemas.js';

export const searchFilesRead = defineRead({
  name: 'search-files',
  area: 'slack',
  title: 'Search Slack files and canvases',
  lists: ['types', 'channel_ids', 'from_users'],
  services: filesServices,
  slack: { 'search.files': 'tier2' },
  names: ['read-file'],
  rest: {
    method: 'GET',
    path: '/search/files',
    operationId: 'searchFiles',
    description:
      'Finds files and canvases the caller can see by title, name and text: Slack’s Real-time Search (content_types=files) when the token has search:read.files (SLACK_SEARCH_BACKEND), else search.files. `types` narrows to kinds of files (Slack has no such filter: a page may hold fewer than `count`; the summary says how many were left out). Read one with GET /files/{file_id}.',
    schema: {
      querystring: SearchFilesQuery,
      ...readRouteSchema({
        concise: ConciseFilesBody,
        detailed: DetailedFilesBody,
        examples: filesExamples,
        compactExample: filesCompactExample,
        errors: [400, 401, 403, 429, 502, 503, 504],
      }),
    },
  },
  mcp: {
    tool: 'slack_search_files',
    description:
      'Search files and canvases (runbooks, briefs, snippets, PDFs) by title and text. Read one with slack_read_file.',
    purpose: 'find files and canvases',
    annotations: { readOnlyHint: true, openWorldHint: true },
    arguments: SearchFilesQuery,
    hints: { types: 'canvases, snippets, pdfs…', channel_ids: 'ids or #names', from_users: 'ids or @names' },
    output: { concise: ConciseFilesBody },
    toParams: (args) => args,
  },
  policy: { lists: 'files', compact: compactFiles },
  schemas: [ConciseFile, ConciseFilesBody, DetailedFilesBody],
  run: acrossRun(withCompact(searchFiles, compactFiles), searchFilesAcross),
});
