import { Type } from '@sinclair/typebox';
import { jsonResponse } from '../../schemas/response.js';
import { RegistrationBody, RevokeForm, TokenForm } from '../requests.js';
import {
  bodyErrors,
  FORM_CONSUMES,
  limitedOAuth,
  oauthErrorResponse,
  offAndUnavailable,
  SIGN_IN_TAGS,
} from './responses.js';

const ClientInformation = Type.Object(
  {
    client_id: Type.String(),
    client_id_issued_at: Type.Integer(),
    client_name: Type.String(),
    redirect_uris: Type.Array(Type.String()),
    grant_types: Type.Array(Type.String()),
    response_types: Type.Array(Type.String()),
    token_endpoint_auth_method: Type.Literal('none'),
    client_uri: Type.Optional(Type.String()),
  },
  {
    additionalProperties: false,
    description: 'RFC 7591 client information: a public client (PKCE, no secret)',
  },
);

const Tokens = Type.Object(
  {
    access_token: Type.String({ description: 'Bearer token for /mcp and every REST route (ast_…)' }),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ description: 'Seconds (SIGN_IN_ACCESS_TOKEN_TTL_S)' }),
    refresh_token: Type.Optional(
      Type.String({ description: 'Single-use: each refresh returns a new one (asr_…)' }),
    ),
    scope: Type.String(),
  },
  { additionalProperties: false },
);

export const registerSchema = {
  tags: SIGN_IN_TAGS,
  operationId: 'registerClient',
  summary: 'Register an MCP client (RFC 7591)',
  description:
    'Dynamic client registration for public clients (PKCE, no secret): redirect_uris must be https or http on a loopback host; at most 20 registrations per client address per hour. Clients may instead use a client ID metadata document URL as their client_id.',
  body: RegistrationBody,
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
    429: oauthErrorResponse(
      'Too many registrations, or requests, from this address (an IPv6 /64 counts as one); Retry-After says when',
      [
        ['too_many_requests', 'at most 20 client registrations per hour from one address'],
        [
          'too_many_requests',
          'At most 120 requests a minute to the sign-in routes from one address: retry after 37 s',
        ],
      ],
      { 'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again' } },
    ),
    ...offAndUnavailable,
    ...bodyErrors,
  },
};

export const tokenSchema = {
  tags: SIGN_IN_TAGS,
  consumes: FORM_CONSUMES,
  operationId: 'issueToken',
  summary: 'Token endpoint',
  description:
    'authorization_code (single-use code, its PKCE code_verifier, the client it was issued to; a code used twice ends what it gave) or refresh_token (rotated, and spent only when new tokens are issued: used again within 5 s it is answered again, later it is invalid_grant and ends its grant). A refresh token is issued only to a client that registered the refresh_token grant. The client is named by client_id or HTTP Basic, not both. The access token works as Authorization: Bearer on /mcp and every REST route.',
  body: TokenForm,
  response: {
    200: jsonResponse('Tokens', Tokens, {
      tokens: {
        value: {
          access_token: 'ast_6Q2yW0n1Jm4T8cV3xP9aR5kL7sD2fG0hB1nM3vC8zX4',
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: 'asr_Z9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gF9eD8cB7aA6z5',
          scope: 'slack:private',
        },
      },
    }),
    400: oauthErrorResponse('The grant is refused', [
      ['invalid_grant', 'The code is unknown, used or expired (codes live a minute and work once)'],
      ['invalid_grant', 'The refresh token was already used: its grant has ended, sign in again'],
      ['invalid_request', 'code_verifier is required'],
      ['invalid_request', 'the client is named twice (client_id and HTTP Basic): use one'],
      ['unauthorized_client', 'this client did not register the refresh_token grant'],
      ['unsupported_grant_type', 'grant_type must be authorization_code or refresh_token'],
    ]),
    401: oauthErrorResponse('Client authentication failed', [['invalid_client', 'client_id is unknown']]),
    ...limitedOAuth,
    ...offAndUnavailable,
    ...bodyErrors,
  },
};

export const revokeSchema = {
  tags: SIGN_IN_TAGS,
  consumes: FORM_CONSUMES,
  operationId: 'revokeToken',
  summary: 'Revocation (RFC 7009)',
  description:
    'Revoking an access or refresh token of ours ends that client’s grant (its other tokens with it); the person’s other clients and their sign-in stay (signing out everywhere is the people’s page’s Sign out). The client is named by client_id or HTTP Basic; a token of another client is refused and stays. An unknown token is answered 200 too (RFC 7009 §2.2).',
  body: RevokeForm,
  response: {
    200: jsonResponse('Revoked (or never known)', Type.Object({}, { additionalProperties: false }), {
      revoked: { value: {} },
    }),
    400: oauthErrorResponse('No token or client, or another client’s token', [
      ['invalid_request', 'token is required'],
      ['invalid_request', 'client_id is required'],
      ['invalid_request', 'The token was not issued to this client: it stays as it was'],
    ]),
    401: oauthErrorResponse('The client is unknown', [['invalid_client', 'client_id is unknown']]),
    ...limitedOAuth,
    ...offAndUnavailable,
    ...bodyErrors,
  },
};
