import { catalogBodyValidator } from '../../schemas/body-validator.js';
import {
  catalogSearchSchema,
  SearchRequest,
  SearchResponse,
  SearchResult,
  ToolInfo,
} from '../../schemas/catalog.js';
import { catalog } from '../common-services.js';
import { defineRead } from '../read-definition.js';

export const searchToolsRead = defineRead({
  name: 'search-tools',
  area: 'catalog',
  title: 'Find relevant tools',
  services: { catalog },
  slack: {},
  rest: {
    method: 'POST',
    path: '/catalog/search',
    operationId: 'searchTools',
    summary: 'Find the most relevant tools',
    description:
      "MCP Router's cloud Search API: ranks the caller's tools for its queries. Results are sorted by relevance (0–1), tools that match nothing are left out, and an empty list is a valid answer. X-Project-Id (or x-mcpr-project) names the caller's project; a token scoped to other projects gets 403.",
    schema: catalogSearchSchema,
    validatorCompiler: catalogBodyValidator,
  },
  mcp: {
    tool: 'search_tools',
    description: 'Rank the tools you send by relevance (0-1) to query; unmatched ones are left out.',
    purpose: 'rank a list of tools for a task',
    annotations: { readOnlyHint: true, openWorldHint: false },
    arguments: SearchRequest,
    hints: { context: 'wider task', maxResults: 'default 20, max 100' },
    output: { whole: SearchResponse },
    toParams: (args) => args,
  },
  schemas: [ToolInfo, SearchRequest, SearchResult, SearchResponse],
  run: async (deps, caller, body) => ({ body: await deps.catalog.search(body, caller) }),
});
