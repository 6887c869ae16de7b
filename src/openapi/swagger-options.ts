import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { API_VERSION } from './api-version.js';
import { defaultsNotRequired } from './defaults-not-required.js';

/** Where Swagger UI is served. */
export const DOCS_PREFIX = '/docs';

export const SWAGGER_UI_OPTIONS: FastifySwaggerUiOptions = { routePrefix: DOCS_PREFIX };

/** How `@fastify/swagger` builds the document from the route schemas. */
export const SWAGGER_OPTIONS: SwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: {
      title: 'agent-search',
      version: API_VERSION,
      description: [
        'Lean, fast, safe search for AI agents: Slack messages and threads in concise bodies, and tool-catalog search for MCP Router.',
        'Every error has the body `{ statusCode, code, error, message }` (ErrorBody). Every response carries `X-Request-Id`: the caller’s own when it sends one, otherwise a generated UUID; it is in every log line of the request.',
        '429 and 503 carry `Retry-After` in seconds. With RATE_LIMIT_MAX set, each bearer token may make that many requests per RATE_LIMIT_WINDOW_MS.',
      ].join('\n\n'),
    },
    servers: [{ url: 'http://localhost:3000', description: 'Local / demo' }],
    tags: [
      { name: 'slack', description: 'Slack message search and threads' },
      { name: 'catalog', description: 'Tool search for MCP Router (CloudSearchProvider)' },
      {
        name: 'mcp',
        description: 'The same search as MCP tools (Model Context Protocol over Streamable HTTP)',
      },
      { name: 'operations', description: 'Health, readiness, metrics' },
      {
        name: 'admin',
        description:
          'The audit of every read (docs/security.md): API tokens with the admin access area, or people named in ADMIN_PEOPLE',
      },
      {
        name: 'sign-in',
        description:
          'Sign in with Slack (docs/sign-in.md): OAuth 2.1 for MCP clients, fronting Slack; the people’s page; Slack’s events',
      },
    ],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'One of API_TOKENS or a token in API_TOKENS_FILE, or an access token this server issued to a person signed in with Slack',
        },
      },
    },
  },
  transformObject: (documents) =>
    'openapiObject' in documents ? defaultsNotRequired(documents.openapiObject) : documents.swaggerObject,
  refResolver: {
    buildLocalReference: (json, _baseUri, _fragment, i) =>
      typeof json.$id === 'string' ? json.$id : `def-${i}`,
  },
};
