import { STATUS_CODES } from 'node:http';
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../schemas/error.js';
import { jsonResponse } from '../../schemas/response.js';

/** OAuth's error body (RFC 6749 §5.2, RFC 7591 §3.2.2): what the token, registration and revocation endpoints answer. */
export const OAuthErrorBody = Type.Object(
  {
    error: Type.String({
      description:
        'An OAuth error code: invalid_request, invalid_grant, invalid_client, invalid_redirect_uri…',
    }),
    error_description: Type.String({ description: 'What is wrong, for a person' }),
  },
  { $id: 'OAuthError', additionalProperties: false },
);

const RETRY_AFTER = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again' },
};

/** One of our ErrorBody answers, documented with one example. */
export function errorBodyResponse(
  status: number,
  description: string,
  code: string,
  message: string,
  headers?: Record<string, object>,
) {
  return jsonResponse(
    description,
    Type.Ref(ErrorBody),
    {
      [code]: { summary: message, value: { statusCode: status, code, error: STATUS_CODES[status], message } },
    },
    headers,
  );
}

/** 404 while sign-in is not configured, and 503 when its records cannot be reached or the server sheds load. */
export const offAndUnavailable = {
  404: errorBodyResponse(
    404,
    'Sign in with Slack is not configured on this server',
    'AS_ERR_SIGN_IN_OFF',
    'Sign in with Slack is not configured on this server (PUBLIC_URL, SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, TOKEN_ENCRYPTION_KEY)',
  ),
  503: errorBodyResponse(
    503,
    'The sign-in records (the shared Redis) cannot be reached, or the service sheds load; Retry-After says when to come back',
    'AS_ERR_SIGN_IN_UNAVAILABLE',
    'Sign-in records cannot be reached (the shared Redis is unavailable): retry shortly',
    RETRY_AFTER,
  ),
};

/** 413 and 415 of a route that takes a body (64 KiB forms; JSON or forms only, uncompressed). */
export const bodyErrors = {
  413: errorBodyResponse(
    413,
    'The body is larger than the route takes',
    'FST_ERR_CTP_BODY_TOO_LARGE',
    'Request body is too large',
  ),
  415: errorBodyResponse(
    415,
    'The body is not application/x-www-form-urlencoded or application/json, or is compressed',
    'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    'Unsupported Media Type: send Content-Type: application/json',
  ),
};

/** An OAuth error answer with its examples: [error, description] pairs. */
export function oauthErrorResponse(
  description: string,
  examples: Array<[string, string]>,
  headers?: Record<string, object>,
) {
  return jsonResponse(
    description,
    Type.Ref(OAuthErrorBody),
    Object.fromEntries(
      examples.map(([error, text], i) => [
        `${error}${i ? `_${i}` : ''}`,
        { summary: text, value: { error, error_description: text } },
      ]),
    ),
    headers,
  );
}

/** An HTML page a person's browser shows (the consent form, the people's page, a refusal). */
export function pageResponse(description: string, example: string) {
  return {
    description,
    headers: {
      'Content-Security-Policy': {
        type: 'string',
        description: "frame-ancestors 'none' among others: never framed",
      },
    },
    content: {
      'text/html': {
        schema: { type: 'string' },
        examples: { page: { summary: example, value: `<!DOCTYPE html>… ${example} …` } },
      },
    },
  };
}

/** A redirect (302 after a GET, 303 after a form): where to, in Location. */
export function redirectResponse(description: string) {
  return {
    description,
    headers: { Location: { type: 'string', description: 'Where the browser goes next' } },
  };
}

/** Every sign-in route's tag in the API document. */
export const SIGN_IN_TAGS = ['sign-in'];
/** What the form-taking routes take (`form-body.ts` parses it). */
export const FORM_CONSUMES = ['application/x-www-form-urlencoded'];

/** The per-address limit of the sign-in routes (SIGN_IN_RATE_LIMIT_MAX), in each route kind's own shape. */
const LIMITED = 'At most 120 requests a minute to the sign-in routes from one address: retry after 37 s';
const LIMITED_WHY =
  'Too many requests from this client address (an IPv6 /64 counts as one); Retry-After says when';
export const limitedJson = {
  429: errorBodyResponse(429, LIMITED_WHY, 'AS_ERR_SIGN_IN_RATE_LIMITED', LIMITED, RETRY_AFTER),
};
export const limitedOAuth = {
  429: oauthErrorResponse(LIMITED_WHY, [['too_many_requests', LIMITED]], RETRY_AFTER),
};
const page429 = pageResponse(LIMITED_WHY, 'Too many requests');
export const limitedPage = { 429: { ...page429, headers: { ...page429.headers, ...RETRY_AFTER } } };
