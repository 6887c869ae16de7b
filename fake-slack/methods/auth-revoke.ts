import type { MethodContext, MethodSpec } from './method-context.js';

/** auth.revoke: the calling token answers token_revoked from now on (`test=true` only says it would). */
function handle({ token, params }: MethodContext) {
  const test = params.test === 'true' || params.test === '1';
  if (!test) token.status = 'revoked';
  return { ok: true, revoked: !test };
}

export const authRevoke: MethodSpec = { acceptedScopes: [], handle };
