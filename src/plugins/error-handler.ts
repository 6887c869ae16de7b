import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Errors, type RetryableError } from '../errors.js';
import { REQUEST_ID_HEADER } from '../logging/request-id.js';

const BEARER_MESSAGES: Record<string, string> = {
  FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER:
    'Missing Authorization header: send Authorization: Bearer <token>',
  FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER: 'Invalid bearer token',
};

type AppError = FastifyError & RetryableError;

/** Fastify's own messages that do not say what to do. */
const FRAMEWORK_HINTS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Media Type: send Content-Type: application/json',
};

/** Our own 5xx messages are written to be safe; anything unexpected is reported without details. */
const isKnown = (code: string) => code.startsWith('AS_ERR_') || code.startsWith('FST_');

/** The status, code and message an error is answered with (also in MCP tool errors). */
export function describeError(err: AppError): { status: number; code: string; message: string } {
  if (err.validation) return { status: 400, code: 'FST_ERR_VALIDATION', message: err.message };
  const bearer = BEARER_MESSAGES[err.code];
  if (bearer) return { status: 401, code: 'AS_ERR_UNAUTHORIZED', message: bearer };
  const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
  const code = err.code ?? 'AS_ERR_INTERNAL';
  if (status >= 500 && !isKnown(err.code ?? ''))
    return { status, code: 'AS_ERR_INTERNAL', message: 'Internal Server Error' };
  return { status, code, message: FRAMEWORK_HINTS[code] ?? err.message };
}

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
    if (status === 401) reply.header('www-authenticate', 'Bearer realm="agent-search"');
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
