import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AccessArea, ApiClient } from '../access/api-tokens.js';
import { LEAST_SCOPE } from './oauth/scopes.js';
import { otherHostHint, publicBase } from './public-base.js';
import { type SignedInPerson, SignIn } from './sign-in.js';

/** Where RFC 9728 protected resource metadata is served: the service's, and /mcp's. */
export const RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

const BEARER = /^bearer\s+(\S+)\s*$/i;
const EVERY_AREA: ReadonlySet<AccessArea> = new Set(['catalog', 'slack']);

/** The bearer token of an Authorization header when it is an access token this server issued. */
export function signedInBearer(signIn: SignIn | null, header: string | undefined): string | undefined {
  if (!signIn || header === undefined) return undefined;
  const token = BEARER.exec(header)?.[1];
  return token !== undefined && SignIn.isIssuedToken(token) ? token : undefined;
}

/** A signed-in person as the access checks see a caller: every area and project, limited per grant. */
export function personClient(person: SignedInPerson, keySecret: string): ApiClient {
  const rateKey = createHmac('sha256', keySecret)
    .update(`grant:${person.grantId}`)
    .digest('base64url')
    .slice(0, 22);
  const client = { name: 'signed-in person', oauthClientId: person.grant.clientId };
  return { ...client, projects: '*', access: EVERY_AREA, rateKey };
}

/** RFC 6750 + RFC 9728: a 401 names the metadata that says where to sign in; a refused token is invalid_token. */
export function challengeOf(
  signIn: SignIn | null,
  request: FastifyRequest,
  refusedToken: boolean,
  description?: string,
): string | undefined {
  if (!signIn) return undefined;
  const path = request.routeOptions.url === '/mcp' ? `${RESOURCE_METADATA_PATH}/mcp` : RESOURCE_METADATA_PATH;
  // MCP 2025-11-25: the scope to ask for, beside where to ask (RFC 9728 resource_metadata): the least (public
  // channels), as its scope minimisation advises; a read that needs more answers 403 insufficient_scope naming it.
  const parts = [
    `Bearer realm="agent-search"`,
    `resource_metadata="${publicBase(signIn.settings, request.host).issuer}${path}"`,
    `scope="${LEAST_SCOPE}"`,
  ];
  if (refusedToken) {
    parts.push('error="invalid_token"');
    // A header value is ASCII without quotes or backslashes (RFC 6750 §3: error_description is %x20-21 / %x23-5B / %x5D-7E).
    if (description)
      parts.push(
        `error_description="${description.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, '').slice(0, 200)}"`,
      );
  }
  return parts.join(', ');
}

/**
 * RFC 6750 §3.1 and MCP's scope challenge: a 403 naming the scope to grant, and (sign-in on) where to ask for it.
 */
export function scopeChallengeOf(
  signIn: SignIn | null,
  request: FastifyRequest,
  scope: string,
  description: string,
): string {
  const parts = [`Bearer realm="agent-search"`, 'error="insufficient_scope"', `scope="${scope}"`];
  if (signIn) {
    const path =
      request.routeOptions.url === '/mcp' ? `${RESOURCE_METADATA_PATH}/mcp` : RESOURCE_METADATA_PATH;
    parts.push(`resource_metadata="${publicBase(signIn.settings, request.host).issuer}${path}"`);
  }
  parts.push(
    `error_description="${description.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, '').slice(0, 200)}"`,
  );
  return parts.join(', ');
}

/**
 * The error of a refused request, carrying its WWW-Authenticate challenge when sign-in is on; `tokenRefused`
 * (a bearer token was sent and is not valid) adds error="invalid_token".
 */
export function bearerChallenge<E extends Error & { statusCode?: number }>(
  signIn: SignIn | null,
  request: FastifyRequest,
  err: E,
  tokenRefused = request.headers.authorization !== undefined,
): E {
  if (err.statusCode !== 401) return err;
  // Production answers at PUBLIC_URL only: a client given another host is told which URL to use.
  const hint = signIn ? otherHostHint(signIn.settings, request.host) : undefined;
  if (hint && !err.message.includes(hint)) err.message = `${err.message}; ${hint}`;
  const refused = tokenRefused;
  const challenge = challengeOf(signIn, request, refused, refused ? err.message : undefined);
  return challenge ? Object.assign(err, { wwwAuthenticate: challenge }) : err;
}
