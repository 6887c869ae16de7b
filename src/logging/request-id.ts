import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

// Letters, digits and a few separators, as tracing systems issue them; anything else is replaced, so
// a caller cannot write control characters or a megabyte into every log line of its request.
const SAFE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The caller's X-Request-Id when it looks like an id, otherwise a fresh UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const raw = req.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && SAFE_ID.test(value) ? value : randomUUID();
}
