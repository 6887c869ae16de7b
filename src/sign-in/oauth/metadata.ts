import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/server';
import type { SignInSettings } from '../settings.js';
import { CONSENT_SCOPES } from './scopes.js';

/** The OAuth endpoints under PUBLIC_URL. */
export const OAUTH_PATHS = {
  authorize: '/oauth/authorize',
  consent: '/oauth/consent',
  token: '/oauth/token',
  register: '/oauth/register',
  revoke: '/oauth/revoke',
} as const;

/** RFC 8414: what an MCP client reads to sign a person in (the MCP SDK's OAuthMetadata type holds it). */
export function authorizationServerMetadata(settings: Pick<SignInSettings, 'issuer'>) {
  const { issuer } = settings;
  return {
    issuer,
    authorization_endpoint: `${issuer}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${issuer}${OAUTH_PATHS.token}`,
    registration_endpoint: `${issuer}${OAUTH_PATHS.register}`,
    revocation_endpoint: `${issuer}${OAUTH_PATHS.revoke}`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [...CONSENT_SCOPES],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${issuer}/signin`,
  } satisfies OAuthMetadata & Record<string, unknown>;
}

/** RFC 9728: the protected resource (`/mcp`, or the whole service) and who authorizes for it. */
export function protectedResourceMetadata(settings: Pick<SignInSettings, 'issuer'>, resource: string) {
  return {
    resource,
    authorization_servers: [settings.issuer],
    scopes_supported: [...CONSENT_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'agent-search: Slack search as the signed-in person',
    resource_documentation: `${settings.issuer}/docs`,
  } satisfies OAuthProtectedResourceMetadata;
}
