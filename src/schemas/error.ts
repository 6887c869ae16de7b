import { Type } from '@sinclair/typebox';

export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer({ description: 'The HTTP status, repeated' }),
    code: Type.String({ description: 'A stable machine-readable code, e.g. AS_ERR_SLACK_NOT_FOUND' }),
    error: Type.String({ description: 'The HTTP reason phrase' }),
    message: Type.String({ description: 'What went wrong, for a person' }),
  },
  { $id: 'ErrorBody', additionalProperties: false },
);

const examples: Record<number, [string, string]> = {
  400: ['FST_ERR_VALIDATION', 'querystring/count must be <= 100'],
  401: ['AS_ERR_UNAUTHORIZED', 'Missing Authorization header: send Authorization: Bearer <token>'],
  403: ['AS_ERR_SLACK_MISSING_SCOPE', 'The Slack token lacks the scope search:read'],
  404: ['AS_ERR_SLACK_NOT_FOUND', 'Slack: channel_not_found'],
  413: ['FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large'],
  429: ['AS_ERR_SLACK_RATE_LIMITED', 'Slack rate limit for search.messages: retry after 42 s'],
  502: ['AS_ERR_SLACK_UNAVAILABLE', 'Slack is unavailable: HTTP 503'],
  503: ['FST_UNDER_PRESSURE', 'Service Unavailable'],
  504: ['AS_ERR_DEADLINE', 'The request did not finish within 10000 ms'],
};

const reason: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Response schemas for the given error statuses, each the shared ErrorBody with an example. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((s) => {
      const [code, message] = examples[s] ?? ['AS_ERR', 'error'];
      const example = { statusCode: s, code, error: reason[s] ?? 'Error', message };
      return [s, Type.Ref(ErrorBody, { description: reason[s], examples: [example] })];
    }),
  );
}
