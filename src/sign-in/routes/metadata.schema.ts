import { Type } from '@sinclair/typebox';
import { jsonResponse } from '../../schemas/response.js';
import { authorizationServerMetadata, protectedResourceMetadata } from '../oauth/metadata.js';
import { limitedJson, offAndUnavailable, SIGN_IN_TAGS } from './responses.js';

const ProtectedResourceMetadata = Type.Object(
  {
    resource: Type.String({ description: 'The protected resource (RFC 8707 resource indicator)' }),
    authorization_servers: Type.Array(Type.String(), { description: 'This server: its issuer' }),
    scopes_supported: Type.Array(Type.String()),
    bearer_methods_supported: Type.Array(Type.String()),
    resource_name: Type.String(),
    resource_documentation: Type.String(),
  },
  { additionalProperties: false, description: 'RFC 9728 protected resource metadata' },
);

const AuthorizationServerMetadata = Type.Object(
  {
    issuer: Type.String(),
    authorization_endpoint: Type.String(),
    token_endpoint: Type.String(),
    registration_endpoint: Type.String(),
    revocation_endpoint: Type.String(),
    response_types_supported: Type.Array(Type.String()),
    response_modes_supported: Type.Array(Type.String()),
    grant_types_supported: Type.Array(Type.String()),
    code_challenge_methods_supported: Type.Array(Type.String()),
    token_endpoint_auth_methods_supported: Type.Array(Type.String()),
    revocation_endpoint_auth_methods_supported: Type.Array(Type.String()),
    scopes_supported: Type.Array(Type.String()),
    client_id_metadata_document_supported: Type.Boolean(),
    authorization_response_iss_parameter_supported: Type.Boolean(),
    service_documentation: Type.String(),
  },
  { additionalProperties: false, description: 'RFC 8414 authorization server metadata' },
);

/** The examples' server: the demo's PUBLIC_URL. */
const DEMO = 'http://localhost:3000';
const demoSettings = { issuer: DEMO, mcpResource: `${DEMO}/mcp`, serviceResource: `${DEMO}/` };

export const authorizationServerMetadataSchema = {
  tags: SIGN_IN_TAGS,
  operationId: 'getAuthorizationServerMetadata',
  summary: 'OAuth authorization server metadata',
  description:
    'RFC 8414: the endpoints of this service as the authorization server of /mcp (fronting Slack), PKCE S256 only, authorization_code and refresh_token grants, dynamic registration and client ID metadata documents.',
  response: {
    200: jsonResponse('The metadata', AuthorizationServerMetadata, {
      demo: { value: authorizationServerMetadata(demoSettings) },
    }),
    ...limitedJson,
    ...offAndUnavailable,
  },
};

/** The protected resource metadata of the REST routes (`serviceResource`) or of /mcp (`mcpResource`). */
export function protectedResourceMetadataSchema(which: 'serviceResource' | 'mcpResource') {
  const mcp = which === 'mcpResource';
  return {
    tags: SIGN_IN_TAGS,
    operationId: mcp ? 'getMcpProtectedResourceMetadata' : 'getProtectedResourceMetadata',
    summary: mcp ? '/mcp as a protected resource' : 'The service as a protected resource',
    description: `RFC 9728 protected resource metadata of ${mcp ? '/mcp' : 'the REST routes'}: the authorization server to get a bearer token from. A 401 names this document in WWW-Authenticate (resource_metadata).`,
    response: {
      200: jsonResponse('The metadata', ProtectedResourceMetadata, {
        demo: { value: protectedResourceMetadata(demoSettings, demoSettings[which]) },
      }),
      ...limitedJson,
      ...offAndUnavailable,
    },
  };
}
