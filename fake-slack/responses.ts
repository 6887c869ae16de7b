export interface Reply {
  type: 'reply';
  status: number;
  contentType: string;
  body: string;
  headers: Record<string, string>;
}

export type Outcome = Reply | { type: 'reset' };

const JSON_TYPE = 'application/json; charset=utf-8';

export const jsonReply = (body: unknown, headers: Record<string, string> = {}, status = 200): Reply => ({
  type: 'reply',
  status,
  contentType: JSON_TYPE,
  body: JSON.stringify(body),
  headers,
});

export const slackError = (error: string, extra: Record<string, unknown> = {}, headers = {}): Reply =>
  jsonReply({ ok: false, error, ...extra }, headers);

/** HTTP 429 + integer Retry-After (omitted when null); the SDK reads only the status and header. */
export const rateLimited = (retryAfter: number | null): Reply =>
  jsonReply(
    { ok: false, error: 'ratelimited' },
    retryAfter === null ? {} : { 'retry-after': String(retryAfter) },
    429,
  );

export const htmlReply = (status: number, title: string): Reply => ({
  type: 'reply',
  status,
  contentType: 'text/html; charset=utf-8',
  body: `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><h1>${title}</h1><p>Slack is having trouble. Please try again.</p></body></html>\n`,
  headers: {},
});
