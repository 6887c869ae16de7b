import { Type } from '@sinclair/typebox';
import { catalogErrorResponses } from '../schemas/error.js';
import { catalogExamples } from '../schemas/examples.js';
import { projectHeaders } from '../schemas/headers.js';
import { jsonResponse } from '../schemas/response.js';

export const MAX_TOOLS = 5000;
export const MAX_QUERY_ITEMS = 16;

export const ToolInfo = Type.Object(
  {
    toolKey: Type.String({
      minLength: 1,
      maxLength: 512,
      description: 'Opaque, unique in the request, echoed exactly',
    }),
    toolName: Type.String({ maxLength: 512 }),
    serverName: Type.String({ maxLength: 512 }),
    description: Type.Optional(Type.String({ maxLength: 8192 })),
  },
  { $id: 'ToolInfo', description: 'A tool the caller may use' },
);

export const SearchRequest = Type.Object(
  {
    query: Type.Array(Type.String({ maxLength: 2048 }), {
      minItems: 1,
      maxItems: MAX_QUERY_ITEMS,
      description: 'Sentences or keywords, e.g. ["send", "slack", "message"]',
    }),
    context: Type.Optional(
      Type.String({ maxLength: 16384, description: 'Task description; a weaker signal than query' }),
    ),
    tools: Type.Array(Type.Ref(ToolInfo), {
      maxItems: MAX_TOOLS,
      description: 'The tools the caller may use',
    }),
    maxResults: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'At most this many results (default 20; above 100 counts as 100)',
      }),
    ),
  },
  { $id: 'SearchRequest' },
);

export const SearchResult = Type.Object(
  {
    toolKey: Type.String(),
    toolName: Type.String(),
    serverName: Type.String(),
    description: Type.Optional(Type.String()),
    relevance: Type.Number({ minimum: 0, maximum: 1, description: 'Absolute: a weak best match stays low' }),
    explanation: Type.Optional(Type.String({ description: 'Which terms matched in which fields' })),
  },
  { $id: 'SearchResult', additionalProperties: false },
);

export const SearchResponse = Type.Object(
  { results: Type.Array(Type.Ref(SearchResult)) },
  { $id: 'SearchResponse', additionalProperties: false },
);

export const catalogSearchSchema = {
  tags: ['catalog'],
  operationId: 'searchTools',
  summary: 'Find the most relevant tools',
  description:
    "MCP Router's cloud Search API: ranks the caller's tools for its queries. Results are sorted by relevance (0–1), tools that match nothing are left out, and an empty list is a valid answer. X-Project-Id (or x-mcpr-project) names the caller's project; a token scoped to other projects gets 403.",
  security: [{ bearerAuth: [] }],
  headers: Type.Object(projectHeaders),
  body: Type.Ref(SearchRequest),
  response: {
    200: jsonResponse('Matching tools, most relevant first', Type.Ref(SearchResponse), catalogExamples),
    ...catalogErrorResponses(400, 401, 403, 413, 415, 429, 503),
  },
};
