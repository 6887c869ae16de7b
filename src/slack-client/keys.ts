import * as crypto from 'node:crypto';

// `crypto.hash` (Node ≥ 20.12) skips the Hash object a one-shot digest does not need: a cache key is on
// every request's path.
const oneShot = (crypto as { hash?: typeof crypto.hash }).hash;
const hash = (s: string) =>
  (oneShot ? oneShot('sha256', s, 'hex') : crypto.createHash('sha256').update(s).digest('hex')).slice(0, 32);

/**
 * A stable, non-reversible name for a Slack token: cache keys and logs never hold the token itself. Keyed
 * (HMAC with KEY_HASH_SECRET), so whoever reads Redis cannot test guessed tokens against the keys.
 */
export const tokenIdentity = (token: string, secret: string) =>
  crypto.createHmac('sha256', secret).update(`slack-token:${token}`).digest('hex').slice(0, 32);

/** JSON with object keys sorted and undefined members left out, so equal parameters give one string. */
function canonical(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += `${i ? ',' : ''}${canonical(value[i]) ?? ''}`;
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${canonical(member)}`;
  }
  return `${out}}`;
}

/** `as:v1:<kind>:<identity>:<params hash>` — namespaced, versioned, and per Slack identity. */
export function cacheKey(kind: string, identity: string, params: unknown = {}): string {
  return `as:v1:${kind}:${identity}:${hash(canonical(params) ?? '')}`;
}
