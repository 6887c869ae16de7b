import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Header paths pino replaces with [Redacted] wherever a request or its headers are logged. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-slack-token"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-slack-token"]',
  'headers.cookie',
];

// OAuth's codes, states and PKCE verifiers are one-time secrets too.
const SECRET_PARAM =
  /token|secret|password|passwd|api[-_]?key|auth|session|signature|^code$|^state$|verifier/i;
// Slack tokens (xoxp-, xoxb-, xoxe.xoxp-, …) and bearer credentials, wherever they occur in a log line.
const SLACK_TOKEN = /xox[a-z]?[a-z.]*-[A-Za-z0-9-]+/gi;
const BEARER = /(bearer\s+)[^\s",\\]+/gi;
// The access and refresh tokens Sign in with Slack issues (ast_…, asr_…).
const ISSUED_TOKEN = /\bas[tr]_[A-Za-z0-9_-]{20,}/g;

/** The URL with the values of secret-looking query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url.replace(SLACK_TOKEN, '[Redacted]');
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = decodeURIComponentSafe(pair.slice(0, eq));
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[Redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`.replace(SLACK_TOKEN, '[Redacted]');
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

// What each of the three patterns above begins with: a line holding none of these (nearly every line) is
// scanned once, not three times.
const MAYBE_SECRET = /xox|bearer|as[tr]_/i;

/** Last line of defence: no Slack token or bearer credential leaves the process in a log line. */
export function scrubSecrets(line: string): string {
  if (!MAYBE_SECRET.test(line)) return line;
  return line
    .replace(SLACK_TOKEN, '[Redacted]')
    .replace(BEARER, '$1[Redacted]')
    .replace(ISSUED_TOKEN, '[Redacted]');
}

type PinoOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * pino options for the service: redaction, a request serializer that redacts URLs and the secret scrub.
 * `overrides` (a test's `stream`, a level) are merged in; the protections cannot be switched off.
 */
export function loggerOptions(level: string, overrides: PinoOptions = {}): PinoOptions {
  return {
    level,
    ...overrides,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    hooks: { streamWrite: scrubSecrets },
  };
}
