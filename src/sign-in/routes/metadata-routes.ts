import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Errors } from '../../errors.js';
import { jsonResponse } from '../../schemas/response.js';
import { RESOURCE_METADATA_PATH } from '../bearer.js';
import { authorizationServerMetadata, protectedResourceMetadata } from '../oauth/metadata.js';
import type { SignIn } from '../sign-in.js';
import { AuthorizationServerMetadata, offAndUnavailable, ProtectedResourceMetadata } from './schemas.js';

const DEMO = 'http://localhost:3000';
const demoSettings = {
  issuer: DEMO,
  mcpResource: `${DEMO}/mcp`,
  serviceResource: `${DEMO}/`,
} as SignIn['settings'];

/** RFC 8414 and RFC 9728 metadata: how an MCP client finds where and how to sign a person in. */
export default async function metadataRoutes(app: FastifyInstance) {
  const enabled = (_request: FastifyRequest): SignIn => {
    if (!app.signIn) throw new Errors.SignInNotConfigured();
    return app.signIn;
  };
  const common = { tags: ['sign-in'] };

  app.get(
    '/.well-known/oauth-authorization-server',
    {
      schema: {
        ...common,
        operationId: 'getAuthorizationServerMetadata',
        summary: 'OAuth authorization server metadata',
        description:
          'RFC 8414: the endpoints of this service as the authorization server of /mcp (fronting Slack), PKCE S256 only, authorization_code and refresh_token grants, dynamic registration and client ID metadata documents.',
        response: {
          200: jsonResponse('The metadata', AuthorizationServerMetadata, {
            demo: { value: authorizationServerMetadata(demoSettings) },
          }),
          ...offAndUnavailable,
        },
      },
    },
    async (request) => authorizationServerMetadata(enabled(request).settings),
  );

  for (const [path, operationId, which] of [
    [RESOURCE_METADATA_PATH, 'getProtectedResourceMetadata', 'serviceResource'],
    [`${RESOURCE_METADATA_PATH}/mcp`, 'getMcpProtectedResourceMetadata', 'mcpResource'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          ...common,
          operationId,
          summary:
            which === 'mcpResource' ? '/mcp as a protected resource' : 'The service as a protected resource',
          description: `RFC 9728 protected resource metadata of ${which === 'mcpResource' ? '/mcp' : 'the REST routes'}: the authorization server to get a bearer token from. A 401 names this document in WWW-Authenticate (resource_metadata).`,
          response: {
            200: jsonResponse('The metadata', ProtectedResourceMetadata, {
              demo: { value: protectedResourceMetadata(demoSettings, demoSettings[which]) },
            }),
            ...offAndUnavailable,
          },
        },
      },
      async (request) => {
        const { settings } = enabled(request);
        return protectedResourceMetadata(settings, settings[which]);
      },
    );
  }
}
