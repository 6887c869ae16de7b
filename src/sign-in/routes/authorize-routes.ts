import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { OAUTH_PATHS } from '../oauth/metadata.js';
import { publicBase } from '../public-base.js';
import { SLACK_CALLBACK_PATH } from '../settings.js';
import { authorizeSchema, consentSchema, slackCallbackSchema } from './authorize.schema.js';
import { answerWithPages, browserOfRequest, sendOutcome } from './browser.js';
import { acceptForms, FORM_BODY_LIMIT } from './form-body.js';
import { signInOf } from './sign-in-of.js';

/**
 * The browser's side of OAuth: the authorization endpoint, the consent form's answer and Slack's callback. They
 * answer pages, and redirect only to a registered redirect URI or to Slack.
 */
export default async function authorizeRoutes(fastify: FastifyInstance) {
  acceptForms(fastify);
  answerWithPages(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(OAUTH_PATHS.authorize, { schema: authorizeSchema }, async (request, reply) =>
    sendOutcome(
      reply,
      await signInOf(app).authorization.authorize(
        request.query,
        browserOfRequest(request),
        request.ip,
        publicBase(signInOf(app).settings, request.host),
      ),
    ),
  );

  app.post(
    OAUTH_PATHS.consent,
    { bodyLimit: FORM_BODY_LIMIT, schema: consentSchema },
    async (request, reply) =>
      sendOutcome(
        reply,
        await signInOf(app).authorization.decide(request.body, browserOfRequest(request), request.ip),
      ),
  );

  app.get(SLACK_CALLBACK_PATH, { schema: slackCallbackSchema }, async (request, reply) => {
    const browser = browserOfRequest(request);
    return sendOutcome(
      reply,
      await signInOf(app).slackCallback(request.raw, reply.raw, request.query, browser),
    );
  });
}
