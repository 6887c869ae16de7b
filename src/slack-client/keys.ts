import { createHash, createHmac } from 'node:crypto';

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

/**
 * A stable, non-reversible name for a Slack token: cache keys and logs never hold the token itself. Keyed
 * (HMAC with KEY_HASH_SECRET), so whoever reads Redis cannot test guessed tokens against the keys.
 */
export const tokenIdentity = (token: string, secret: string) =>
  createHmac('sha256', secret).update(`slack-token:${token}`).digest('hex').slice(0, 32);

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** `as:v1:<kind>:<identity>:<params hash>` — namespaced, versioned, and per Slack identity. */
export function cacheKey(kind: string, identity: string, params: unknown = {}): string {
  return `as:v1:${kind}:${identity}:${hash(canonical(params))}`;
}
