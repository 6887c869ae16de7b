import { type Static, type TProperties, Type } from '@sinclair/typebox';

/**
 * One OAuth or form parameter: optional text (a parameter sent twice is an array, which the schema refuses), at
 * most 2,048 characters: what a request may have stored before anyone signs in stays small.
 */
const text = (description: string, maxLength = 2048) =>
  Type.Optional(Type.String({ description, maxLength }));

/** A query or form of named parameters; others are let through (OAuth clients send extensions). */
const parameters = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: true });

/** GET /oauth/authorize. */
export const AuthorizeQuery = parameters({
  response_type: text('code'),
  client_id: text('A client id this server issued, or a client ID metadata document URL (https)'),
  redirect_uri: text('Exactly one the client registered (a loopback one on any port)'),
  code_challenge: text('PKCE: base64url(SHA-256(code_verifier))'),
  code_challenge_method: text('S256 (the only method)'),
  state: text('Returned unchanged with the code (at most 1,024 characters)', 1024),
  scope: text(
    'What the client asks to read: slack:public, slack:private (also private channels and group DMs) or slack:dm (also DMs); slack:read = all; other scopes are ignored. The consent page preselects it (none: slack:public)',
  ),
  resource: text('RFC 8707: this server’s /mcp (default) or its origin'),
});
export type AuthorizeQuery = Static<typeof AuthorizeQuery>;

/** POST /oauth/consent: the consent page's form. */
export const ConsentForm = parameters({
  pending: text('The authorization request, from the page'),
  csrf: text('The page’s CSRF token'),
  decision: text('approve or deny'),
  scope: text(
    'What the person lets the client read: slack:public (when none is sent), slack:private or slack:dm (approve only)',
  ),
});
export type ConsentForm = Static<typeof ConsentForm>;

/** GET /oauth/slack/callback: what Slack sends the person back with. */
export const CallbackQuery = parameters({
  code: text('From Slack'),
  state: text('The state sent to Slack, single-use, bound to this browser'),
  error: text('access_denied when the person cancelled on Slack'),
});
export type CallbackQuery = Static<typeof CallbackQuery>;

/** POST /oauth/register: RFC 7591 client metadata, checked by the MCP SDK's schema in `Clients.register`. */
export const RegistrationBody = Type.Object(
  {},
  { additionalProperties: true, description: 'RFC 7591 client metadata' },
);

/** POST /oauth/token. */
export const TokenForm = parameters({
  grant_type: text('authorization_code or refresh_token'),
  code: text('authorization_code: the code'),
  code_verifier: text('authorization_code: the PKCE verifier'),
  redirect_uri: text('authorization_code: the one of the authorization request'),
  refresh_token: text('refresh_token: the latest refresh token'),
  client_id: text('The client (or HTTP Basic user name)'),
  resource: text('RFC 8707: must be the one the grant is bound to'),
  scope: text('refresh_token: scopes for the new access token, as many as the refresh token’s or fewer'),
});
export type TokenForm = Static<typeof TokenForm>;

/** POST /oauth/revoke (RFC 7009). */
export const RevokeForm = parameters({
  token: text('The access or refresh token'),
  token_type_hint: text('access_token or refresh_token (not needed)'),
  client_id: text('The client the token was issued to (or HTTP Basic user name)'),
});
export type RevokeForm = Static<typeof RevokeForm>;

/** GET /signin: the notices the page shows after a redirect. */
export const PeoplePageQuery = parameters({
  signed_out: text('Set after signing out: the page says so'),
  cancelled: text('Set after a cancelled Slack sign-in'),
  revoked: text('Set after a client’s access was revoked: the page says so'),
  added: text('Set after a workspace was added: the page says so'),
  removed: text('Set after a workspace was removed: the page says so'),
});
export type PeoplePageQuery = Static<typeof PeoplePageQuery>;

/** POST /signin/token and POST /signout: the people's page's forms. */
export const PageForm = parameters({ csrf: text('The page’s CSRF token') });
export type PageForm = Static<typeof PageForm>;

/** POST /signin/revoke: the people's page's form that ends one client's access. */
export const RevokeClientForm = parameters({
  csrf: text('The page’s CSRF token'),
  client_id: text('The client whose access ends'),
});
export type RevokeClientForm = Static<typeof RevokeClientForm>;

/** POST /signin/workspaces/remove: the people's page's form that removes one workspace. */
export const RemoveWorkspaceForm = parameters({
  csrf: text('The page’s CSRF token'),
  workspace: text('The workspace (T…) or, for an org-wide sign-in, the organisation (E…) to remove'),
});
export type RemoveWorkspaceForm = Static<typeof RemoveWorkspaceForm>;
