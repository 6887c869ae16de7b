import { type Static, Type } from '@sinclair/typebox';
import { ErrorBody, mcpErrorResponses } from './error.js';
import { projectHeaders, slackTokenHeader } from './headers.js';
import { jsonResponse } from './response.js';

export const MCP_SPEC_URL =
  'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports#streamable-http';

const RequestId = Type.Union([Type.String({ maxLength: 256 }), Type.Integer()]);

/** A JSON-RPC request or notification from an MCP client (one per POST: MCP has no batches since 2025-06-18). */
export const McpMessage = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(RequestId),
    method: Type.String({
      minLength: 1,
      maxLength: 256,
      description: 'e.g. initialize, tools/list, tools/call',
    }),
    params: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: false, description: 'A JSON-RPC 2.0 request (with id) or notification (without)' },
);

/** An error this server answers before the MCP layer sees the message. */
export const JsonRpcErrorAnswer = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Union([RequestId, Type.Null()], {
      description: "The request's id; null when the id itself is invalid",
    }),
    error: Type.Object(
      { code: Type.Integer(), message: Type.String(), data: Type.Optional(Type.Unknown()) },
      { additionalProperties: false },
    ),
  },
  {
    $id: 'JsonRpcError',
    additionalProperties: false,
    description:
      'A JSON-RPC error: -32600 for an invalid request (HTTP 400), -32602 for tools/call params that are not a tool name and an object of arguments (HTTP 200); on 2026-07-28, -32020 when the Mcp-Method / Mcp-Name headers and the body disagree and -32022 for a protocol version not served (HTTP 400, with data naming the mismatch or the versions served)',
  },
);
export type JsonRpcErrorAnswer = Static<typeof JsonRpcErrorAnswer>;

const McpResponse = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(RequestId),
    result: Type.Optional(Type.Object({}, { additionalProperties: true })),
    error: Type.Optional(
      Type.Object({ code: Type.Integer(), message: Type.String(), data: Type.Optional(Type.Unknown()) }),
    ),
  },
  { description: 'The JSON-RPC response; tool failures are results with isError: true' },
);

const toolCallExample = {
  summary: 'tools/call search_tools: the structured result and the same JSON as text',
  value: {
    jsonrpc: '2.0',
    id: 3,
    result: {
      structuredContent: { results: [] },
      content: [{ type: 'text', text: '{"results":[]}' }],
    },
  },
};

const invalidParamsExample = {
  summary: 'tools/call with arguments that are not an object: JSON-RPC error -32602',
  value: {
    jsonrpc: '2.0',
    id: 4,
    error: {
      code: -32602,
      message: "Invalid params: params.arguments must be an object of the tool's arguments (or left out)",
    },
  },
};

/** 400: our error body for a body that is not JSON or over a limit, a JSON-RPC -32600 for an invalid request. */
function invalidRequestResponse() {
  const http = mcpErrorResponses(400)[400];
  const json = http.content['application/json'];
  return {
    ...http,
    description:
      'The body is not JSON or is over a limit (our error body), or is not a valid JSON-RPC 2.0 request (JSON-RPC error -32600)',
    content: {
      'application/json': {
        schema: Type.Union([Type.Ref(ErrorBody), Type.Ref(JsonRpcErrorAnswer)]),
        examples: {
          ...json.examples,
          invalidId: {
            summary: 'An id that is neither a string nor an integer',
            value: {
              jsonrpc: '2.0',
              id: null,
              error: {
                code: -32600,
                message: 'Invalid Request: id must be a string (at most 256 characters) or an integer',
              },
            },
          },
        },
      },
    },
  };
}

const originHeaders = {
  origin: Type.Optional(
    Type.String({
      description: 'Sent by browsers: must be a loopback origin or one listed in MCP_ALLOWED_ORIGINS',
    }),
  ),
};

const protocolHeaders = {
  'mcp-protocol-version': Type.Optional(
    Type.String({ description: 'The MCP revision of the request: 2026-07-28, 2025-11-25 or older' }),
  ),
  'mcp-method': Type.Optional(
    Type.String({ description: "2026-07-28: required, the body's method (e.g. tools/call)" }),
  ),
  'mcp-name': Type.Optional(
    Type.String({ description: "2026-07-28: required on tools/call, the body's params.name" }),
  ),
};

const acceptHeader = {
  accept: Type.Optional(
    Type.String({ description: 'Must list application/json and text/event-stream (the MCP transport rule)' }),
  ),
};

/** POST /mcp; `tools` is the sentence listing the tools (built from the reads by the MCP front end). */
export const mcpPostSchema = (tools: string) => ({
  tags: ['mcp'],
  operationId: 'mcp',
  summary: 'MCP over Streamable HTTP',
  description: [
    'The Model Context Protocol endpoint (Streamable HTTP transport, stateless: no Mcp-Session-Id, no server-sent events; every POST is answered with one JSON body, so any replica can take any request).',
    "Two protocol eras, chosen per request: 2026-07-28 (a request whose params._meta carries io.modelcontextprotocol/protocolVersion: no initialize, server/discover, Mcp-Method and Mcp-Name headers that must match the body, resultType on results, tools/list with ttlMs and cacheScope private since the list is the caller's) and 2025-11-25 and older (initialize first). The tools, answers, errors and access rules are the same in both.",
    `${tools} X-Slack-Token acts as that Slack user exactly as on the REST routes; bearer authentication, project scoping, the per-token rate limit, the deadline and load shedding are those of the REST routes, and fail with HTTP errors in our shape.`,
    'A browser page is refused (403 AS_ERR_ORIGIN_FORBIDDEN) unless its Origin is a loopback one or listed in MCP_ALLOWED_ORIGINS; requests without Origin (servers, CLIs) pass. With MCP_ALLOWED_HOSTS (or HOST bound to loopback) a Host naming another server gets 403 AS_ERR_HOST_FORBIDDEN. Both checks come before authentication: they are the transport spec’s DNS-rebinding protection.',
    'Bad tool arguments and Slack failures are tool results with isError: true whose text is our error body (with retryAfterSeconds for a rate limit). Notifications are answered 202 with no body.',
    'Ids come back exactly as sent (a number stays a number). A body that is not a JSON-RPC 2.0 request (an id that is neither a string nor an integer among them) is answered 400 with JSON-RPC error -32600; tools/call params that are not a tool name and an object of arguments get -32602.',
  ].join('\n\n'),
  externalDocs: { description: 'MCP Streamable HTTP transport', url: MCP_SPEC_URL },
  security: [{ bearerAuth: [] }],
  headers: Type.Object({
    ...acceptHeader,
    ...protocolHeaders,
    ...originHeaders,
    ...slackTokenHeader,
    ...projectHeaders,
  }),
  body: McpMessage,
  response: {
    200: jsonResponse('The JSON-RPC response', McpResponse, {
      toolCall: toolCallExample,
      invalidParams: invalidParamsExample,
    }),
    202: { description: 'A notification was accepted; no body', type: 'null' },
    ...mcpErrorResponses(401, 403, 406, 413, 415, 429, 503),
    400: invalidRequestResponse(),
    404: jsonResponse(
      '2026-07-28: a method this server does not serve (initialize, gone in that revision, among them): JSON-RPC error -32601',
      Type.Ref(JsonRpcErrorAnswer),
      {
        methodNotFound: {
          summary: 'initialize with the 2026-07-28 envelope',
          value: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
        },
      },
    ),
  },
});

const methodNotAllowed = (method: string) => ({
  tags: ['mcp'],
  operationId: `mcp${method[0]}${method.slice(1).toLowerCase()}`,
  summary: `${method} /mcp is not offered`,
  description:
    'The endpoint is stateless: there is no server-sent event stream to open (GET) and no session to end (DELETE). MCP clients take the 405 in their stride.',
  externalDocs: { description: 'MCP Streamable HTTP transport', url: MCP_SPEC_URL },
  security: [{ bearerAuth: [] }],
  response: mcpErrorResponses(401, 403, 405),
});

export const mcpGetSchema = methodNotAllowed('GET');
export const mcpDeleteSchema = methodNotAllowed('DELETE');
