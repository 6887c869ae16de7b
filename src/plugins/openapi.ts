import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_VERSION } from '../openapi/api-version.js';
import { defaultsNotRequired } from '../openapi/defaults-not-required.js';

/** The OpenAPI document, generated from the route schemas; served at /openapi.json with Swagger UI at /docs. */
async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
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
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'One of API_TOKENS or a token in API_TOKENS_FILE',
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
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

export default fp(openapi, { name: 'openapi' });
