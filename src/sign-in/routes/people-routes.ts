import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { publicBase } from '../public-base.js';
import { answerWithPages, browserOfRequest, sendOutcome } from './browser.js';
import { acceptForms, FORM_BODY_LIMIT } from './form-body.js';
import {
  addWorkspaceSchema,
  peoplePageSchema,
  personalTokenSchema,
  removeWorkspaceSchema,
  revokeClientSchema,
  signOutSchema,
  startSignInSchema,
} from './people.schema.js';
import { signInOf } from './sign-in-of.js';

/**
 * The people's page: sign in with Slack, whom you are signed in as, their workspaces (another added, one
 * removed), the clients you approved (each revoked on its own), a personal token (shown once), sign out.
 */
export default async function peopleRoutes(fastify: FastifyInstance) {
  acceptForms(fastify);
  answerWithPages(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const page = () => signInOf(app).peoplePage;

  app.get('/signin', { schema: peoplePageSchema }, async (request, reply) =>
    sendOutcome(reply, await page().show(request.query, browserOfRequest(request))),
  );

  app.get('/signin/slack', { schema: startSignInSchema }, async (request, reply) =>
    sendOutcome(
      reply,
      await page().startSignIn(
        browserOfRequest(request),
        request.ip,
        publicBase(signInOf(app).settings, request.host).slackRedirectUri,
      ),
    ),
  );

  app.post(
    '/signin/token',
    { bodyLimit: FORM_BODY_LIMIT, schema: personalTokenSchema },
    async (request, reply) =>
      sendOutcome(reply, await page().personalToken(request.body, browserOfRequest(request))),
  );

  app.post(
    '/signin/revoke',
    { bodyLimit: FORM_BODY_LIMIT, schema: revokeClientSchema },
    async (request, reply) =>
      sendOutcome(reply, await page().revokeClient(request.body, browserOfRequest(request))),
  );

  app.post(
    '/signin/workspaces/add',
    { bodyLimit: FORM_BODY_LIMIT, schema: addWorkspaceSchema },
    async (request, reply) =>
      sendOutcome(
        reply,
        await page().addWorkspace(
          request.body,
          browserOfRequest(request),
          request.ip,
          publicBase(signInOf(app).settings, request.host).slackRedirectUri,
        ),
      ),
  );

  app.post(
    '/signin/workspaces/remove',
    { bodyLimit: FORM_BODY_LIMIT, schema: removeWorkspaceSchema },
    async (request, reply) =>
      sendOutcome(reply, await page().removeWorkspace(request.body, browserOfRequest(request))),
  );

  app.post('/signout', { bodyLimit: FORM_BODY_LIMIT, schema: signOutSchema }, async (request, reply) =>
    sendOutcome(reply, await page().signOut(request.body, browserOfRequest(request))),
  );
}
