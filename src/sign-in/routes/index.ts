import type { FastifyInstance } from 'fastify';
import { Errors } from '../../errors.js';
import authorizeRoutes from './authorize-routes.js';
import eventsRoute from './events-route.js';
import metadataRoutes from './metadata-routes.js';
import oauthRoutes from './oauth-routes.js';
import peopleRoutes from './people-routes.js';

/** Every sign-in route, registered whether or not sign-in is configured (off: 404), so the API document is one. */
export default async function signInRoutes(app: FastifyInstance) {
  // Off: 404 naming the settings, before any body is read or checked.
  app.addHook('onRequest', (_request, _reply, done) =>
    done(app.signIn ? undefined : new Errors.SignInNotConfigured()),
  );
  await app.register(metadataRoutes);
  await app.register(authorizeRoutes);
  await app.register(oauthRoutes);
  await app.register(peopleRoutes);
  await app.register(eventsRoute);
}
