import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../errors.js';
import { readBodyText } from '../../http/read-body-text.js';
import { jsonResponse } from '../../schemas/response.js';
import { bodyErrors, errorBodyResponse, offAndUnavailable } from './schemas.js';

const EVENT_BODY_LIMIT = 1024 * 1024;
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** POST /slack/events: Slack's Events API, verified by its v0 signature over the raw body. */
export default async function eventsRoute(app: FastifyInstance) {
  // The signature covers the bytes as sent: this route reads JSON as text and parses it after the check.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request, payload, done) => {
    readBodyText(payload, Number(request.headers['content-length']), EVENT_BODY_LIMIT, (err, text = '') =>
      done(err, err ? undefined : text),
    );
  });

  app.post(
    '/slack/events',
    {
      bodyLimit: EVENT_BODY_LIMIT,
      schema: {
        tags: ['sign-in'],
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
          400: errorBodyResponse(
            400,
            'The body is not JSON',
            'AS_ERR_BAD_REQUEST',
            'The event body is not JSON',
          ),
          401: errorBodyResponse(
            401,
            'Not signed by Slack (or a replay)',
            'AS_ERR_SLACK_SIGNATURE',
            'Not a request signed by Slack: X-Slack-Request-Timestamp is more than five minutes from now (a replay?)',
          ),
          ...offAndUnavailable,
          ...bodyErrors,
        },
      },
    },
    async (request) => {
      if (!app.signIn) throw new Errors.SignInNotConfigured();
      const outcome = await app.signIn.event(String(request.body ?? ''), {
        timestamp: header(request.headers['x-slack-request-timestamp']),
        signature: header(request.headers['x-slack-signature']),
      });
      return outcome.kind === 'challenge' ? { challenge: outcome.challenge } : { ok: true };
    },
  );
}
