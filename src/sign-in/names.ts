import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What sign-in keeps in the shared store; each kind is one key prefix. */
export type RecordKind =
  | 'person'
  | 'team'
  | 'workspaces'
  | 'refresh-lock'
  | 'client'
  | 'client-doc'
  | 'pending'
  | 'slack-state'
  | 'code'
  | 'grant'
  | 'access'
  | 'refresh'
  | 'refresh-used'
  | 'code-used'
  | 'quota'
  | 'event'
  | 'approval'
  | 'approvals'
  | 'client-grants'
  | 'session';

/** A random secret for a browser or a client to hold (a token, a code, a session): 32 bytes, base64url. */
export const randomSecret = (prefix = '') => `${prefix}${randomBytes(32).toString('base64url')}`;

/** Whether a secret sent back (a CSRF token) is the one expected, compared in constant time. */
export const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * Names in the store: `as:v1:si:<kind>:<keyed hash>`. Secrets (our tokens, codes, states, sessions) and
 * people's Slack ids go in only as an HMAC with KEY_HASH_SECRET, so whoever reads the store can neither use
 * a key nor test a guess against it.
 */
export class RecordNames {
  constructor(private readonly secret: string) {}

  hash(kind: string, value: string): string {
    return createHmac('sha256', this.secret)
      .update(`sign-in:${kind}:${value}`)
      .digest('base64url')
      .slice(0, 32);
  }

  /** The key of a record named by a secret or a person (hashed here). */
  of(kind: RecordKind, value: string): string {
    return `as:v1:si:${kind}:${this.hash(kind, value)}`;
  }

  /** The key of a record whose id is already not secret (a hash, a random grant id, a client id). */
  raw(kind: RecordKind, id: string): string {
    return `as:v1:si:${kind}:${id}`;
  }
}
