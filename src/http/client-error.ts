import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

interface ClientError extends Error {
  code?: string;
}

// Node's parser error codes for requests it could not read, by the status they deserve.
const STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  HPE_URI_TOO_LONG: 414,
};

const MESSAGES: Record<number, string> = {
  408: 'The request was not received in time: send the whole request, body included, within REQUEST_TIMEOUT_MS',
  413: 'The chunked request body is too large',
  414: 'The request URI is too long',
  431: 'The request headers are too large (at most 16 KiB in all)',
};

const CODES: Record<number, string> = {
  400: 'AS_ERR_BAD_HTTP',
  408: 'AS_ERR_REQUEST_TIMEOUT',
  413: 'AS_ERR_BODY_TOO_LARGE',
  414: 'AS_ERR_URI_TOO_LONG',
  431: 'AS_ERR_HEADERS_TOO_LARGE',
};

/** The raw HTTP/1.1 answer to a request Node could not parse: our error body, then the socket closes. */
export function clientErrorResponse(err: ClientError): string {
  const status = STATUS[err.code ?? ''] ?? 400;
  const message =
    MESSAGES[status] ??
    `The request is not valid HTTP/1.1 (${err.code ?? 'unreadable'}); check the request line and headers`;
  const body = JSON.stringify({
    statusCode: status,
    code: CODES[status],
    error: STATUS_CODES[status],
    message,
  });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Fastify's `clientErrorHandler`: answers in our error shape with `Connection: close` (a pooled client then
 * opens a fresh socket for its next request instead of reusing one we are about to drop), then closes.
 */
export function clientErrorHandler(err: ClientError, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(err));
  // A client that never reads must not keep the socket: close it for good shortly after.
  setTimeout(() => socket.destroy(), 1000).unref();
}
