import { STATUS_CODES } from 'node:http';
import { Type } from '@sinclair/typebox';
import { jsonResponse, type NamedExample } from './response.js';

export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer({ description: 'The HTTP status, repeated' }),
    code: Type.String({ description: 'A stable machine-readable code, e.g. AS_ERR_SLACK_NOT_FOUND' }),
    error: Type.String({ description: 'The HTTP reason phrase' }),
    message: Type.String({ description: 'What went wrong, for a person' }),
  },
  { $id: 'ErrorBody', additionalProperties: false },
);

/** [status, code, message]: one documented example per error a route can answer with. */
type Example = [number, string, string];

const GENERAL: Example[] = [
  [400, 'FST_ERR_VALIDATION', 'querystring/count must be an integer from 1 to 100'],
  [401, 'AS_ERR_UNAUTHORIZED', 'Missing Authorization header: send Authorization: Bearer <token>'],
  [401, 'AS_ERR_UNAUTHORIZED', 'Invalid bearer token'],
  [
    401,
    'AS_ERR_INVALID_TOKEN',
    'Invalid access token: this sign-in has ended (signed out, or Slack revoked it): sign in again',
  ],
  [403, 'AS_ERR_PROJECT_FORBIDDEN', 'This token may not search project "billing"'],
  [403, 'AS_ERR_PROJECT_REQUIRED', 'This token is scoped to projects: name one of them in X-Project-Id'],
  [413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large'],
  [415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE', 'Unsupported Media Type: send Content-Type: application/json'],
  [
    429,
    'AS_ERR_RATE_LIMITED',
    'Rate limit of 600 requests per window exceeded for this token: retry after 12 s',
  ],
  [429, 'AS_ERR_AUTH_RATE_LIMITED', 'Too many invalid bearer tokens from this address: retry after 42 s'],
  [503, 'AS_ERR_OVERLOADED', 'The service is overloaded: retry after 10 s'],
];

const SLACK: Example[] = [
  [400, 'AS_ERR_BAD_REQUEST', 'querystring/query is required unless to_me is set'],
  [400, 'AS_ERR_SLACK_BAD_REQUEST', 'Slack refused the request: invalid_cursor'],
  [
    400,
    'AS_ERR_WORKSPACE_MISMATCH',
    'The link is to other.slack.com, but the Slack token is for acme-demo.slack.com: use a token of that workspace',
  ],
  [
    400,
    'AS_ERR_EMPTY_SLACK_TOKEN',
    'X-Slack-Token is empty: send a Slack user token (xoxp-…) or leave the header out',
  ],
  [403, 'AS_ERR_ACCESS_FORBIDDEN', 'This token may not use the slack routes'],
  [
    400,
    'AS_ERR_SLACK_TOKEN_TYPE',
    'Slack search.messages needs a user token (xoxp-…); this token type is not allowed',
  ],
  [
    401,
    'AS_ERR_NO_SLACK_TOKEN',
    'No Slack identity for this request: sign in with Slack (a bearer token from this server, see /signin) or send X-Slack-Token (a user token, xoxp-…); a service may use SLACK_USER_TOKEN',
  ],
  [401, 'AS_ERR_SLACK_AUTH', 'Slack rejected the X-Slack-Token: token_revoked'],
  [401, 'AS_ERR_SLACK_AUTH', 'Slack ended this sign-in (token_revoked): sign in with Slack again'],
  [
    400,
    'AS_ERR_SLACK_TOKEN_WITH_SIGN_IN',
    'X-Slack-Token cannot be sent with a signed-in person’s bearer token: the request acts as that person only',
  ],
  [403, 'AS_ERR_SLACK_MISSING_SCOPE', 'The Slack token lacks the scope search:read'],
  [403, 'AS_ERR_SLACK_ACCESS_DENIED', 'Slack denied this user access: access_denied'],
  [403, 'AS_ERR_POLICY_DENIED', "The company's policy does not let agents read C0123HR (POLICY_FILE)"],
  [
    403,
    'AS_ERR_INSUFFICIENT_SCOPE',
    'insufficient_scope: this client may not read D0123ABCD (direct messages); the person can grant it the scope slack:dm by signing in again',
  ],
  [
    403,
    'AS_ERR_SLACK_GRID_RESTRICTED',
    'Slack has not granted this token the workspace search.messages needs (team_access_not_granted; the token is for workspace T0123ABCD): ask an admin of your Enterprise Grid organisation to add the app to that workspace, or use a token of that workspace',
  ],
  [404, 'AS_ERR_SLACK_NOT_FOUND', 'Slack: thread_not_found'],
  [404, 'AS_ERR_SLACK_NOT_FOUND', 'Slack: no channel named #deploy that this Slack token can see'],
  [429, 'AS_ERR_SLACK_RATE_LIMITED', 'Slack rate limit for search.messages: retry after 42 s'],
  [502, 'AS_ERR_SLACK_UNAVAILABLE', 'Slack is unavailable: search.messages answered HTTP 503'],
  [
    502,
    'AS_ERR_SLACK_UNREADABLE_BODY',
    'Slack sent a search.messages body this service cannot read: messages.matches is not a list',
  ],
  [502, 'AS_ERR_SLACK_SERVICE_AUTH', "Slack rejected the service's own Slack token: invalid_auth"],
  [504, 'AS_ERR_DEADLINE', 'The request did not finish within 10000 ms'],
];

/** Every route that takes a JSON body. */
const BODY: Example[] = [
  [400, 'AS_ERR_BODY_TOO_DEEP', 'The body nests objects and arrays deeper than 64 levels, the limit'],
  [400, 'AS_ERR_BODY_TOO_COMPLEX', 'The body holds more than 50000 objects and arrays, the limit'],
  [
    415,
    'AS_ERR_UNSUPPORTED_ENCODING',
    'Content-Encoding "gzip" is not supported: send the body uncompressed (identity)',
  ],
];

const CATALOG: Example[] = [
  ...BODY,
  [403, 'AS_ERR_ACCESS_FORBIDDEN', 'This token may not use the catalog routes'],
  [400, 'AS_ERR_BAD_REQUEST', 'body/tools/1/toolKey "a1" duplicates body/tools/0/toolKey'],
  [
    400,
    'FST_ERR_CTP_INVALID_JSON_BODY',
    "Body is not valid JSON but content-type is set to 'application/json'",
  ],
  [504, 'AS_ERR_DEADLINE', 'The request did not finish within 10000 ms'],
];

const MCP: Example[] = [
  ...BODY,
  [
    403,
    'AS_ERR_INSUFFICIENT_SCOPE',
    'insufficient_scope: this client may not read D0123ABCD (direct messages); the person can grant it the scope slack:dm by signing in again',
  ],
  [
    403,
    'AS_ERR_ORIGIN_FORBIDDEN',
    'Origin "http://evil.example.com" may not call /mcp: only pages from the origins in MCP_ALLOWED_ORIGINS (and loopback ones) may',
  ],
  [
    403,
    'AS_ERR_HOST_FORBIDDEN',
    'Host "evil.example.com" is not a name of this server: /mcp answers only the host names in MCP_ALLOWED_HOSTS',
  ],
  [
    400,
    'FST_ERR_CTP_INVALID_JSON_BODY',
    "Body is not valid JSON but content-type is set to 'application/json'",
  ],
  [
    405,
    'AS_ERR_METHOD_NOT_ALLOWED',
    'GET /mcp is not offered: this MCP endpoint is stateless and answers POST only',
  ],
  [
    406,
    'AS_ERR_NOT_ACCEPTABLE',
    'Send Accept: application/json, text/event-stream (an MCP client accepts both)',
  ],
];

const ADMIN: Example[] = [
  [400, 'AS_ERR_BAD_REQUEST', 'cursor is not one this service gave: pass next_cursor as it came'],
  [
    403,
    'AS_ERR_ADMIN_ONLY',
    'The audit is for admins only: you are signed in as T07ACMEDMO:U07JONASMU, who is not named in ADMIN_PEOPLE',
  ],
  [
    403,
    'AS_ERR_ADMIN_ONLY',
    'The audit is for admins only: the API token "ci" has no admin access area (API_TOKENS_FILE "access")',
  ],
  [
    503,
    'AS_ERR_AUDIT_UNAVAILABLE',
    'The audit window cannot be read: Redis is unavailable; retry once it answers',
  ],
];

const RETRY_AFTER = { type: 'integer', description: 'Seconds to wait before trying again' };
const HEADERS: Record<number, Record<string, object>> = {
  401: {
    'WWW-Authenticate': {
      type: 'string',
      description:
        'Bearer realm="agent-search"; with Sign in with Slack configured also resource_metadata="<PUBLIC_URL>/.well-known/oauth-protected-resource[/mcp]" (RFC 9728), and error="invalid_token" for a refused token',
    },
  },
  405: { Allow: { type: 'string', description: 'POST' } },
  429: { 'Retry-After': RETRY_AFTER },
  503: { 'Retry-After': RETRY_AFTER },
};

const DESCRIPTIONS: Record<number, string> = {
  400: 'The request is invalid; the message names the parameter, or the limit the body is over',
  401: 'No valid bearer token (or, for Slack routes, no valid Slack token)',
  403: 'The token may not act on this project (or names none while scoped to projects), may not use these routes, or the Slack token lacks a scope; the company’s policy (POLICY_FILE) keeps the conversation or file from agents; the person did not grant this client that kind of conversation (insufficient_scope, with WWW-Authenticate naming the scope); on /mcp also a foreign Origin or Host (DNS-rebinding protection); on /admin, not an admin',
  404: 'Slack does not know the channel, thread or message',
  405: 'Only POST is offered (Allow: POST)',
  406: 'The Accept header does not list both application/json and text/event-stream',
  413: 'The body is larger than 8 MiB',
  415: 'The body is not application/json, or is compressed (Content-Encoding other than identity)',
  429: 'A rate limit was reached (per token, per client address for invalid tokens, or Slack’s); Retry-After says when to come back',
  502: 'Slack failed or refused the service’s own credentials',
  503: 'The service is overloaded and sheds load; Retry-After says when to come back',
  504: 'The request did not finish within REQUEST_DEADLINE_MS',
};

function namedExamples(examples: Example[], status: number): Record<string, NamedExample> {
  const named: Record<string, NamedExample> = {};
  for (const [s, code, message] of examples) {
    if (s !== status) continue;
    let name = code;
    for (let n = 2; name in named; n++) name = `${code}_${n}`;
    named[name] = { summary: message, value: { statusCode: s, code, error: STATUS_CODES[s], message } };
  }
  if (Object.keys(named).length === 0) throw new Error(`no documented example for status ${status}`);
  return named;
}

function responsesFrom(examples: Example[], statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      jsonResponse(
        DESCRIPTIONS[status] ?? String(STATUS_CODES[status]),
        Type.Ref(ErrorBody),
        namedExamples(examples, status),
        HEADERS[status],
      ),
    ]),
  );
}

/** Error responses of a route that neither calls Slack nor takes a body: the shared ErrorBody with examples. */
export function errorResponses(...statuses: number[]) {
  return responsesFrom(GENERAL, statuses);
}

/** Error responses of a route that calls Slack on the caller's behalf. */
export function slackErrorResponses(...statuses: number[]) {
  return responsesFrom([...GENERAL, ...SLACK], statuses);
}

/** Error responses of POST /catalog/search (a JSON body with unique tool keys). */
export function catalogErrorResponses(...statuses: number[]) {
  return responsesFrom([...GENERAL, ...CATALOG], statuses);
}

/** Error responses of /mcp: HTTP-level failures only (tool failures are results with isError). */
export function mcpErrorResponses(...statuses: number[]) {
  return responsesFrom([...GENERAL.filter(([status]) => status !== 400), ...MCP], statuses);
}

/** Error responses of the audit's routes (admins only). */
export function adminErrorResponses(...statuses: number[]) {
  return responsesFrom([...GENERAL, ...ADMIN], statuses);
}
