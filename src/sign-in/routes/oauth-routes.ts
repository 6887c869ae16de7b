import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { OAUTH_PATHS } from '../oauth/metadata.js';
import { acceptForms, FORM_BODY_LIMIT } from './form-body.js';
import { registerSchema, revokeSchema, tokenSchema } from './oauth.schema.js';
import { answerOAuthErrors, noStore } from './oauth-replies.js';
import { signInOf } from './sign-in-of.js';

/**
 * OAuth's JSON endpoints (registration, token, revocation): errors in OAuth's own shape, including a body that
 * fails the route's schema. The browser's endpoints are in authorize-routes.ts.
 */
export default async function oauthRoutes(fastify: FastifyInstance) {
  acceptForms(fastify);
  answerOAuthErrors(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const form = { bodyLimit: FORM_BODY_LIMIT };

  app.post(OAUTH_PATHS.register, { ...form, schema: registerSchema }, async (request, reply) =>
    noStore(reply.code(201)).send(await signInOf(app).clients.register(request.body, request.ip)),
  );

  app.post(OAUTH_PATHS.token, { ...form, schema: tokenSchema }, async (request, reply) =>
    noStore(reply)
      .header('pragma', 'no-cache')
      .send(await signInOf(app).tokens.issue(request.body, request.headers.authorization, request.ip)),
  );

  app.post(OAUTH_PATHS.revoke, { ...form, schema: revokeSchema }, async (request) => {
    await signInOf(app).tokens.revoke(request.body, request.headers.authorization, request.ip);
    return {};
  });
}
