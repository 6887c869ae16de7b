import { Type } from '@sinclair/typebox';
import { jsonResponse } from '../../schemas/response.js';
import { bodyErrors, errorBodyResponse, limitedJson, offAndUnavailable, SIGN_IN_TAGS } from './responses.js';

export const eventsSchema = {
  tags: SIGN_IN_TAGS,
  operationId: 'slackEvents',
  summary: 'Slack’s Events API',
  description:
    'Verified with SLACK_SIGNING_SECRET (v0: HMAC-SHA256 of v0:timestamp:body, constant-time; a timestamp more than five minutes off is refused): url_verification answered with its challenge; tokens_revoked ends the named people’s sign-ins and app_uninstalled a whole workspace’s, on every replica at once (the records are shared).',
  body: Type.String({ description: 'The event as Slack sent it (JSON)' }),
  response: {
    200: jsonResponse(
      'Acknowledged (or the url_verification challenge)',
      Type.Object(
        { ok: Type.Optional(Type.Boolean()), challenge: Type.Optional(Type.String()) },
        { additionalProperties: false },
      ),
      {
        challenge: { value: { challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P' } },
        handled: { value: { ok: true } },
      },
    ),
    400: errorBodyResponse(400, 'The body is not JSON', 'AS_ERR_BAD_REQUEST', 'The event body is not JSON'),
    401: errorBodyResponse(
      401,
      'Not signed by Slack (or a replay)',
      'AS_ERR_SLACK_SIGNATURE',
      'Not a request signed by Slack: X-Slack-Request-Timestamp is more than five minutes from now (a replay?)',
    ),
    ...limitedJson,
    ...offAndUnavailable,
    ...bodyErrors,
  },
};
