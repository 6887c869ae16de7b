import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Errors } from '../../errors.js';
import { type AppError, describeError } from '../../http/describe-error.js';
import { REQUEST_ID_HEADER } from '../../logging/request-id.js';
import { scopeChallengeOf } from '../../sign-in/bearer.js';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL path is not valid percent-encoded UTF-8',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is longer than 100 characters',
};

/**
 * Fastify answers a path it cannot decode, or a path parameter longer than `maxParamLength`, before any
 * route or hook runs, with a body of its own (a 414 for the second, echoing the whole path). Pass this as
 * the `frameworkErrors` option to answer them as a 400 in our shape instead.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message = FRAMEWORK_MESSAGES[err.code];
  const status = message ? 400 : 500;
  request.log.info({ code: err.code, status }, message ?? err.message);
  reply
    .header(REQUEST_ID_HEADER, request.id)
    .code(status)
    .send({
      statusCode: status,
      code: message ? err.code : 'AS_ERR_INTERNAL',
      error: STATUS_CODES[status],
      message: message ?? 'Internal Server Error',
    });
}

export const notFound = (request: FastifyRequest) =>
  new Errors.RouteNotFound(request.method, request.url.split('?')[0]);

/** One error shape everywhere: `{ statusCode, code, error, message }`. */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler<AppError>((err, request, reply) => {
    const { status, code, message } = describeError(err);
    if (status >= 500) request.log.error({ err, code }, 'request failed');
    else request.log.info({ code, status }, message);
    // Sign-in's 401s name where to sign in (RFC 9728 resource_metadata); the others, the realm.
    if (status === 401)
      reply.header(
        'www-authenticate',
        (err as { wwwAuthenticate?: string }).wwwAuthenticate ?? 'Bearer realm="agent-search"',
      );
    // A conversation outside what the person granted this client: the scope to ask for (MCP's scope challenge).
    const scope = (err as { scopeChallenge?: string }).scopeChallenge;
    if (status === 403 && scope)
      reply.header(
        'www-authenticate',
        scopeChallengeOf(request.server.signIn ?? null, request, scope, message),
      );
    if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
    return reply
      .code(status)
      .send({ statusCode: status, code, error: STATUS_CODES[status] ?? 'Error', message });
  });

  // Unknown routes get their 404 before any body is read (the json-body plugin's preParsing hook).
  app.setNotFoundHandler((request) => {
    throw notFound(request);
  });
}

export default fp(errorHandler, { name: 'error-handler' });
