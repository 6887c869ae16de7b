import { type Static, Type } from '@sinclair/typebox';
import { catalogErrorResponses } from './error.js';
import { catalogExamples } from './examples.js';
import { projectHeaders } from './headers.js';
import { jsonResponse } from './response.js';

export const MAX_TOOLS = 5000;
export const MAX_QUERY_ITEMS = 1000;

export const ToolInfo = Type.Object(
  {
    toolKey: Type.String({
      minLength: 1,
      maxLength: 512,
      description: 'Opaque, unique in the request, echoed exactly',
    }),
    toolName: Type.String({ maxLength: 512 }),
    serverName: Type.String({ maxLength: 512 }),
    description: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description:
          'Any length (its first 8 KB are indexed); absent, null (some MCP servers send it) or blank is no description',
      }),
    ),
    serverId: Type.Optional(
      Type.String({
        maxLength: 512,
        description: "MCP Router's server id: not used for ranking, echoed in the tool's result",
      }),
    ),
    projectId: Type.Optional(
      Type.Union([Type.String({ maxLength: 512 }), Type.Null()], {
        description:
          "MCP Router's project id, null for a server outside any project: not used for ranking, echoed exactly as sent",
      }),
    ),
    inputSchema: Type.Optional(
      Type.Unknown({
        description:
          "The tool's JSON Schema for its arguments, as MCP `tools/list` gave it. Any schema is accepted: the names and descriptions of its parameters (nested ones too, within bounds) are indexed at a lower weight than the tool's own description, and stand in for a description the tool lacks; everything else is ignored",
      }),
    ),
  },
  { $id: 'ToolInfo', description: 'A tool the caller may use (MCP Router `ToolInfo`)' },
);
export type ToolInfo = Static<typeof ToolInfo>;

export const SearchRequest = Type.Object(
  {
    query: Type.Array(Type.String(), {
      minItems: 1,
      maxItems: MAX_QUERY_ITEMS,
      description:
        'Sentences or keywords, e.g. ["send", "slack", "message"]. Any length up to the body limit: a long request is ranked on its most informative words.',
    }),
    context: Type.Optional(
      Type.String({
        description:
          'Task description; a weaker signal than query: it may reorder results, never lowers relevance',
      }),
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
export type SearchRequest = Static<typeof SearchRequest>;

export const SearchResult = Type.Object(
  {
    toolKey: Type.String(),
    toolName: Type.String(),
    serverName: Type.String(),
    serverId: Type.Optional(Type.String({ description: "The tool's serverId, when the request carried it" })),
    projectId: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: "The tool's projectId exactly as the request carried it (null included)",
      }),
    ),
    description: Type.Optional(Type.String()),
    relevance: Type.Number({
      minimum: 0,
      maximum: 1,
      description: 'Absolute: a weak best match stays low, and context never lowers it',
    }),
    explanation: Type.Optional(Type.String({ description: 'Which terms matched in which fields' })),
  },
  { $id: 'SearchResult', additionalProperties: false },
);
export type SearchResult = Static<typeof SearchResult>;

export const SearchResponse = Type.Object(
  { results: Type.Array(Type.Ref(SearchResult)) },
  { $id: 'SearchResponse', additionalProperties: false },
);

export const catalogSearchSchema = {
  headers: Type.Object(projectHeaders),
  body: Type.Ref(SearchRequest),
  response: {
    200: jsonResponse('Matching tools, most relevant first', Type.Ref(SearchResponse), catalogExamples),
    ...catalogErrorResponses(400, 401, 403, 413, 415, 429, 503, 504),
  },
};
