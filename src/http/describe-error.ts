import type { FastifyError } from 'fastify';
import type { RetryableError } from '../errors.js';

const BEARER_MESSAGES: Record<string, string> = {
  FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER:
    'Missing Authorization header: send Authorization: Bearer <token>',
  FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER: 'Invalid bearer token',
};

export type AppError = FastifyError & RetryableError;

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
