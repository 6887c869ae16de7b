import type { FastifyInstance } from 'fastify';
import { Errors, withRetryAfter } from '../../errors.js';
import { addressGroup } from '../anonymous-quota.js';
import adminRoutes from './admin-routes.js';
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
  // Per client address (an IPv6 /64 counts as one), shared by the replicas through Redis: anonymous callers
  // cannot guess at /oauth/token or fill the store faster than this. Each route answers it in its own shape.
  const max = app.config.SIGN_IN_RATE_LIMIT_MAX;
  if (max > 0 && app.signIn)
    // Loaded only when on (start-up: it and what it imports are ~10 ms).
    await app.register((await import('@fastify/rate-limit')).default, {
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => addressGroup(request.ip),
      redis: app.redis?.client,
      nameSpace: 'as:v1:sign-in-rate:',
      skipOnError: true,
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return withRetryAfter(new Errors.SignInRateLimited(context.max, seconds), seconds);
      },
    });
  await app.register(metadataRoutes);
  await app.register(authorizeRoutes);
  await app.register(oauthRoutes);
  await app.register(peopleRoutes);
  await app.register(eventsRoute);
  await app.register(adminRoutes);
}
