import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: 43–128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** An S256 challenge: base64url of a SHA-256 digest. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Whether `verifier` is the one `challenge` was made from (S256, the only method offered). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier) || !S256_CHALLENGE.test(challenge)) return false;
  const made = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return made.length === expected.length && timingSafeEqual(made, expected);
}
