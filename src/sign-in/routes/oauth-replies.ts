import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { InvalidRequestError, OAuthError, oauthStatus, TooManyRequestsError } from '../oauth/oauth-errors.js';

/** An OAuth endpoint's answer is never cached (RFC 6749 §5.1). */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * OAuth's error shape (RFC 6749 §5.2) for the routes of this (encapsulated) plugin: OAuth's own errors, and
 * any other 400 (a body that fails the route's schema, or one the body parser refused: too deep, too complex,
 * not UTF-8) as invalid_request naming what is wrong; any other error goes to the app's handler.
 */
export function answerOAuthErrors(app: FastifyInstance): void {
  const parent = app.errorHandler;
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const limited = err.statusCode === 429;
    if (!(err instanceof OAuthError) && !err.validation && err.statusCode !== 400 && !limited)
      return parent.call(app, err, request, reply);
    const oauth =
      err instanceof OAuthError
        ? err
        : limited
          ? new TooManyRequestsError(err.message)
          : new InvalidRequestError(err.message);
    request.log.info({ code: oauth.errorCode, status: oauthStatus(oauth) }, oauth.message);
    const retryAfter = (err as { retryAfterSeconds?: number }).retryAfterSeconds;
    if (retryAfter) reply.header('retry-after', String(retryAfter));
    return noStore(reply.code(oauthStatus(oauth))).send(oauth.toResponseObject());
  });
}
