import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { Errors } from '../../errors.js';
import { jsonResponse } from '../../schemas/response.js';
import { OAUTH_PATHS } from '../oauth/metadata.js';
import { InvalidRequestError, OAuthError, oauthStatus } from '../oauth/oauth-errors.js';
import type { SignIn } from '../sign-in.js';
import { acceptForms, FORM_BODY_LIMIT } from './form-body.js';
import {
  bodyErrors,
  ClientInformation,
  formBody,
  oauthErrorResponse,
  offAndUnavailable,
  Tokens,
} from './schemas.js';

type Form = Record<string, string | undefined>;

/** The client id of HTTP Basic client authentication, when a client sends it that way (no secret is issued). */
function basicClientId(request: FastifyRequest): string | undefined {
  const match = /^basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  return decodeURIComponent(decoded.slice(0, Math.max(0, decoded.indexOf(':'))) || decoded);
}

/**
 * OAuth's JSON endpoints (registration, token, revocation): errors in OAuth's own shape, including a body that
 * fails the route's schema. The browser's endpoints are in authorize-routes.ts.
 */
export default async function oauthRoutes(app: FastifyInstance) {
  acceptForms(app);
  const enabled = (): SignIn => {
    if (!app.signIn) throw new Errors.SignInNotConfigured();
    return app.signIn;
  };
  // OAuth's error shape for OAuth's own errors, and for a body that fails the route's schema.
  const parent = app.errorHandler;
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof OAuthError || err.validation) {
      const oauth = err instanceof OAuthError ? err : new InvalidRequestError(err.message);
      request.log.info({ code: oauth.errorCode, status: oauthStatus(oauth) }, oauth.message);
      return reply
        .code(oauthStatus(oauth))
        .header('cache-control', 'no-store')
        .send(oauth.toResponseObject());
    }
    return parent.call(app, err, request, reply);
  });
  const common = { tags: ['sign-in'] };
  const form = { consumes: ['application/x-www-form-urlencoded'] };

  app.post(
    OAUTH_PATHS.register,
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        ...common,
        operationId: 'registerClient',
        summary: 'Register an MCP client (RFC 7591)',
        description:
          'Dynamic client registration for public clients (PKCE, no secret): redirect_uris must be https or http on a loopback host; at most 20 registrations per client address per hour. Clients may instead use a client ID metadata document URL as their client_id.',
        body: Type.Object({}, { additionalProperties: true, description: 'RFC 7591 client metadata' }),
        response: {
          201: jsonResponse('Registered', ClientInformation, {
            registered: {
              value: {
                client_id: 'asc_3hQm0v7y5n8KkQ3YyQ2mM9bD1s4tRr6u',
                client_id_issued_at: 1774000000,
                client_name: 'Example MCP client',
                redirect_uris: ['http://127.0.0.1:33418/callback'],
                grant_types: ['authorization_code', 'refresh_token'],
                response_types: ['code'],
                token_endpoint_auth_method: 'none',
              },
            },
          }),
          400: oauthErrorResponse('The metadata is refused', [
            [
              'invalid_redirect_uri',
              'custom-app://callback is neither https nor http on a loopback host (localhost, 127.0.0.1, [::1])',
            ],
            [
              'invalid_client_metadata',
              'grant_types: "client_credentials" is not offered; use authorization_code and refresh_token',
            ],
          ]),
          429: oauthErrorResponse('Too many registrations from this address', [
            ['too_many_requests', 'at most 20 clients may be registered per hour from one address'],
          ]),
          ...offAndUnavailable,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(await enabled().clients.register(request.body, request.ip)),
  );

  app.post(
    OAUTH_PATHS.token,
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        ...common,
        ...form,
        operationId: 'issueToken',
        summary: 'Token endpoint',
        description:
          'authorization_code (single-use code, its PKCE code_verifier, the client it was issued to) or refresh_token (rotated: a spent refresh token used again is invalid_grant and ends its grant). The access token works as Authorization: Bearer on /mcp and every REST route.',
        body: formBody({
          grant_type: 'authorization_code or refresh_token',
          code: 'authorization_code: the code',
          code_verifier: 'authorization_code: the PKCE verifier',
          redirect_uri: 'authorization_code: the one of the authorization request',
          refresh_token: 'refresh_token: the latest refresh token',
          client_id: 'The client (or HTTP Basic user name)',
          resource: 'RFC 8707: must be the one the grant is bound to',
        }),
        response: {
          200: jsonResponse('Tokens', Tokens, {
            tokens: {
              value: {
                access_token: 'ast_6Q2yW0n1Jm4T8cV3xP9aR5kL7sD2fG0hB1nM3vC8zX4',
                token_type: 'Bearer',
                expires_in: 3600,
                refresh_token: 'asr_Z9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gF9eD8cB7aA6z5',
                scope: 'slack:read',
              },
            },
          }),
          400: oauthErrorResponse('The grant is refused', [
            ['invalid_grant', 'The code is unknown, used or expired (codes live a minute and work once)'],
            ['invalid_grant', 'The refresh token was already used: its grant has ended, sign in again'],
            ['invalid_request', 'code_verifier is required'],
            ['unsupported_grant_type', 'grant_type must be authorization_code or refresh_token'],
          ]),
          401: oauthErrorResponse('Client authentication failed', [
            ['invalid_client', 'client_id is unknown'],
          ]),
          ...offAndUnavailable,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('pragma', 'no-cache')
        .send(await enabled().token(request.body as Form, basicClientId(request))),
  );

  app.post(
    OAUTH_PATHS.revoke,
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        ...common,
        ...form,
        operationId: 'revokeToken',
        summary: 'Revocation = sign-out (RFC 7009)',
        description:
          'Revoking an access or refresh token of ours signs the person out: their grants end, this server’s Slack token for them is revoked (auth.revoke) and deleted. An unknown token is answered 200 too (RFC 7009 §2.2).',
        body: formBody({
          token: 'The access or refresh token',
          token_type_hint: 'access_token or refresh_token (not needed)',
        }),
        response: {
          200: jsonResponse('Revoked (or never known)', Type.Object({}, { additionalProperties: false }), {
            revoked: { value: {} },
          }),
          400: oauthErrorResponse('No token', [['invalid_request', 'token is required']]),
          ...offAndUnavailable,
          ...bodyErrors,
        },
      },
    },
    async (request) => {
      await enabled().revoke(request.body as Form);
      return {};
    },
  );
}
