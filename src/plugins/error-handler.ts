import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RetryableError } from '../errors.js';

const BEARER_MESSAGES: Record<string, string> = {
  FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER:
    'Missing Authorization header: send Authorization: Bearer <token>',
  FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER: 'Invalid bearer token',
};

type AppError = FastifyError & RetryableError;

/** Our own 5xx messages are written to be safe; anything unexpected is reported without details. */
const isKnown = (code: string) => code.startsWith('AS_ERR_') || code.startsWith('FST_');

function describe(err: AppError): { status: number; code: string; message: string } {
  if (err.validation) return { status: 400, code: 'FST_ERR_VALIDATION', message: err.message };
  const bearer = BEARER_MESSAGES[err.code];
  if (bearer) return { status: 401, code: 'AS_ERR_UNAUTHORIZED', message: bearer };
  const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
  const code = err.code ?? 'AS_ERR_INTERNAL';
  if (status >= 500 && !isKnown(code))
    return { status, code: 'AS_ERR_INTERNAL', message: 'Internal Server Error' };
  return { status, code, message: err.message };
}

/** One error shape everywhere: `{ statusCode, code, error, message }`. */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler<AppError>((err, request, reply) => {
    const { status, code, message } = describe(err);
    if (status >= 500) request.log.error({ err, code }, 'request failed');
    else request.log.info({ code, status }, message);
    if (status === 401) reply.header('www-authenticate', 'Bearer realm="agent-search"');
    if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
    return reply
      .code(status)
      .send({ statusCode: status, code, error: STATUS_CODES[status] ?? 'Error', message });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      statusCode: 404,
      code: 'FST_ERR_NOT_FOUND',
      error: 'Not Found',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    }),
  );
}

export default fp(errorHandler, { name: 'error-handler' });
