import createError from '@fastify/error';

/** Every error this service raises on purpose. Codes are prefixed like Fastify's own (`FST_…`). */
export const Errors = {
  Unauthorized: createError('AS_ERR_UNAUTHORIZED', '%s', 401),
  NoSlackToken: createError(
    'AS_ERR_NO_SLACK_TOKEN',
    'No Slack token: send X-Slack-Token (a user token, xoxp-…) or configure SLACK_USER_TOKEN',
    401,
  ),
  SlackCallerAuth: createError('AS_ERR_SLACK_AUTH', 'Slack rejected the X-Slack-Token: %s', 401),
  NoSlackIdentity: createError(
    'AS_ERR_NO_SLACK_TOKEN',
    'No Slack identity for this request: sign in with Slack (a bearer token from this server, see /signin) or send X-Slack-Token (a user token, xoxp-…); a service may use SLACK_USER_TOKEN',
    401,
  ),
  SignInEnded: createError(
    'AS_ERR_SLACK_AUTH',
    'Slack ended this sign-in (%s): sign in with Slack again',
    401,
  ),
  SlackTokenWithPerson: createError(
    'AS_ERR_SLACK_TOKEN_WITH_SIGN_IN',
    'X-Slack-Token cannot be sent with a signed-in person’s bearer token: the request acts as that person only',
    400,
  ),
  InvalidAccessToken: createError('AS_ERR_INVALID_TOKEN', 'Invalid access token: %s', 401),
  SignInNotConfigured: createError(
    'AS_ERR_SIGN_IN_OFF',
    'Sign in with Slack is not configured on this server (PUBLIC_URL, SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, TOKEN_ENCRYPTION_KEY)',
    404,
  ),
  EventsNotConfigured: createError(
    'AS_ERR_EVENTS_OFF',
    'Slack events are not accepted here: SLACK_SIGNING_SECRET is not set',
    404,
  ),
  BadSlackSignature: createError('AS_ERR_SLACK_SIGNATURE', 'Not a request signed by Slack: %s', 401),
  SignInBusy: createError(
    'AS_ERR_SIGN_IN_BUSY',
    'Your Slack token is being refreshed and the refresh did not finish in time: retry in a second',
    503,
  ),
  SignInStoreUnavailable: createError(
    'AS_ERR_SIGN_IN_UNAVAILABLE',
    'Sign-in records cannot be reached (the shared Redis is unavailable): retry shortly',
    503,
  ),
  SlackServiceAuth: createError(
    'AS_ERR_SLACK_SERVICE_AUTH',
    "Slack rejected the service's own Slack token: %s",
    502,
  ),
  SlackAccessDenied: createError('AS_ERR_SLACK_ACCESS_DENIED', 'Slack denied this user access: %s', 403),
  SlackGridRestricted: createError('AS_ERR_SLACK_GRID_RESTRICTED', '%s', 403),
  NoWorkspace: createError(
    'AS_ERR_NO_WORKSPACE',
    'The organisation-wide Slack token (%s) reads no workspace yet: an admin of the organisation adds the app to the workspaces it may read',
    403,
  ),
  UnknownWorkspace: createError(
    'AS_ERR_UNKNOWN_WORKSPACE',
    'No workspace %s among those you can read: %s',
    404,
  ),
  WorkspaceNotAllowed: createError(
    'AS_ERR_WORKSPACE_NOT_ALLOWED',
    'This API token may not read workspace %s: it may read %s',
    403,
  ),
  SlackMissingScope: createError('AS_ERR_SLACK_MISSING_SCOPE', 'The Slack token lacks the scope %s', 403),
  SlackTokenType: createError(
    'AS_ERR_SLACK_TOKEN_TYPE',
    'Slack %s needs a user token (xoxp-…); this token type is not allowed',
    400,
  ),
  InvalidParameter: createError('FST_ERR_VALIDATION', '%s', 400),
  RouteNotFound: createError('FST_ERR_NOT_FOUND', 'Route %s %s not found', 404),
  BodyNotUtf8: createError(
    'AS_ERR_BODY_NOT_UTF8',
    'The request body is not valid UTF-8 at byte %d%s: send JSON text encoded as UTF-8',
    400,
  ),
  SlackNotFound: createError('AS_ERR_SLACK_NOT_FOUND', 'Slack: %s', 404),
  SlackBadRequest: createError('AS_ERR_SLACK_BAD_REQUEST', 'Slack refused the request: %s', 400),
  SlackRateLimited: createError(
    'AS_ERR_SLACK_RATE_LIMITED',
    'Slack rate limit for %s: retry after %d s',
    429,
  ),
  SlackUnavailable: createError('AS_ERR_SLACK_UNAVAILABLE', 'Slack is unavailable: %s', 502),
  SlackSearchDisabled: createError(
    'AS_ERR_SLACK_SEARCH_DISABLED',
    "Slack's real-time search is disabled for now (assistant_search_context_disabled): retry after %d s",
    503,
  ),
  SlackUnreadableBody: createError(
    'AS_ERR_SLACK_UNREADABLE_BODY',
    'Slack sent a %s body this service cannot read: %s',
    502,
  ),
  Deadline: createError('AS_ERR_DEADLINE', 'The request did not finish within %d ms', 504),
  ProjectForbidden: createError('AS_ERR_PROJECT_FORBIDDEN', 'This token may not search project %s', 403),
  ProjectRequired: createError(
    'AS_ERR_PROJECT_REQUIRED',
    'This token is scoped to projects: name one of them in X-Project-Id',
    403,
  ),
  AccessForbidden: createError('AS_ERR_ACCESS_FORBIDDEN', 'This token may not use the %s routes', 403),
  AdminOnly: createError('AS_ERR_ADMIN_ONLY', 'The audit is for admins only: %s', 403),
  AuditUnavailable: createError('AS_ERR_AUDIT_UNAVAILABLE', 'The audit window cannot be read: %s', 503),
  AuthRateLimited: createError(
    'AS_ERR_AUTH_RATE_LIMITED',
    'Too many invalid bearer tokens from this address: retry after %d s',
    429,
  ),
  EmptySlackToken: createError(
    'AS_ERR_EMPTY_SLACK_TOKEN',
    'X-Slack-Token is empty: send a Slack user token (xoxp-…) or leave the header out',
    400,
  ),
  OriginForbidden: createError(
    'AS_ERR_ORIGIN_FORBIDDEN',
    'Origin %s may not call /mcp: only pages from the origins in MCP_ALLOWED_ORIGINS (and loopback ones) may',
    403,
  ),
  HostForbidden: createError(
    'AS_ERR_HOST_FORBIDDEN',
    'Host %s is not a name of this server: /mcp answers only the host names in MCP_ALLOWED_HOSTS',
    403,
  ),
  BadRequest: createError('AS_ERR_BAD_REQUEST', '%s', 400),
  JsonTooDeep: createError(
    'AS_ERR_BODY_TOO_DEEP',
    'The body nests objects and arrays deeper than %d levels, the limit',
    400,
  ),
  JsonTooManyContainers: createError(
    'AS_ERR_BODY_TOO_COMPLEX',
    'The body holds more than %d objects and arrays, the limit',
    400,
  ),
  JsonObjectTooBig: createError(
    'AS_ERR_BODY_TOO_COMPLEX',
    'An object in the body holds more than %d keys, the limit',
    400,
  ),
  JsonTooManyKeyNames: createError(
    'AS_ERR_BODY_TOO_COMPLEX',
    'The body holds more than %d distinct key names, the limit',
    400,
  ),
  JsonTooManyValues: createError(
    'AS_ERR_BODY_TOO_COMPLEX',
    'The body holds more than %d values (array items and object members), the limit',
    400,
  ),
  UnsupportedEncoding: createError(
    'AS_ERR_UNSUPPORTED_ENCODING',
    'Content-Encoding %s is not supported: send the body uncompressed (identity)',
    415,
  ),
  WorkspaceMismatch: createError(
    'AS_ERR_WORKSPACE_MISMATCH',
    'The link is to %s, but the Slack token is for %s: use a token of that workspace',
    400,
  ),
  MethodNotAllowed: createError('AS_ERR_METHOD_NOT_ALLOWED', '%s', 405),
  McpNotAcceptable: createError(
    'AS_ERR_NOT_ACCEPTABLE',
    'Send Accept: application/json, text/event-stream (an MCP client accepts both)',
    406,
  ),
  SignInRateLimited: createError(
    'AS_ERR_SIGN_IN_RATE_LIMITED',
    'At most %d requests a minute to the sign-in routes from one address: retry after %d s',
    429,
  ),
  ApiRateLimited: createError(
    'AS_ERR_RATE_LIMITED',
    'Rate limit of %d requests per window exceeded for this token: retry after %d s',
    429,
  ),
  DocsUnavailable: createError(
    'AS_ERR_DOCS_UNAVAILABLE',
    'The API documentation is unavailable (%s): try again; the next request loads it anew',
    503,
  ),
  PolicyDenied: createError(
    'AS_ERR_POLICY_DENIED',
    "The company's policy does not let agents read %s (POLICY_FILE)",
    403,
  ),
  InsufficientScope: createError(
    'AS_ERR_INSUFFICIENT_SCOPE',
    'insufficient_scope: this client may not read %s; the person can grant it the scope %s by signing in again',
    403,
  ),
  Overloaded: createError('AS_ERR_OVERLOADED', 'The service is overloaded: retry after %d s', 503),
} as const;

/** An error that asks the client to come back later. */
export interface RetryableError extends Error {
  retryAfterSeconds?: number;
}

/** Marks `err` so the error handler answers with `Retry-After: <seconds>`. */
export function withRetryAfter<E extends Error>(err: E, seconds: number): E & RetryableError {
  return Object.assign(err, { retryAfterSeconds: seconds });
}
