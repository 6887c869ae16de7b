import type { ParsedCall } from '../request-params.js';
import type { Workspace } from '../workspace-types.js';
import { type FakeOAuthState, randomPart } from './oauth-state.js';

type Body = Record<string, unknown>;
const fail = (error: string): Body => ({ ok: false, error });

/** Client credentials from the form (client_id, client_secret) or HTTP Basic, as Slack takes both. */
function clientOf(call: ParsedCall): { id?: string; secret?: string } {
  const basic = /^basic\s+(\S+)$/i.exec(String(call.headers.authorization ?? ''))?.[1];
  if (basic) {
    const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return { id, secret };
  }
  return { id: call.params.client_id, secret: call.params.client_secret };
}

/** A new user token (and, with rotation, its refresh token), added to the workspace so every method knows it. */
function mint(workspace: Workspace, oauth: FakeOAuthState, userId: string, scopes: string[]) {
  const rotating = oauth.tokenLifetimeS !== undefined;
  const accessToken = rotating ? `xoxe.xoxp-1-${randomPart()}` : `xoxp-${randomPart()}`;
  workspace.tokens.push({
    token: accessToken,
    type: 'user',
    userId,
    scopes,
    ...(rotating ? { expiresAt: Date.now() + (oauth.tokenLifetimeS as number) * 1000 } : {}),
  });
  if (!rotating) return { access_token: accessToken };
  const refreshToken = `xoxe-1-${randomPart()}`;
  oauth.refreshTokens.set(refreshToken, { userId, scopes, used: false });
  return { access_token: accessToken, refresh_token: refreshToken, expires_in: oauth.tokenLifetimeS };
}

/**
 * `oauth.v2.access` as Slack answers a user-token-only app: the code grant gives the user token under
 * `authed_user` (no top-level bot token); with token rotation, a refresh grant spends its single-use refresh
 * token and gives a new pair at the top level (or under authed_user, `refreshShape`). Errors are HTTP 200
 * `{ok:false}`: invalid_client_id, bad_client_secret, invalid_code, bad_redirect_uri, invalid_grant_type and,
 * for a spent or unknown refresh token, `refreshError`.
 */
export function oauthV2Access(call: ParsedCall, workspace: Workspace, oauth: FakeOAuthState): Body {
  const client = clientOf(call);
  if (client.id !== oauth.clientId) return fail('invalid_client_id');
  if (client.secret !== oauth.clientSecret) return fail('bad_client_secret');
  const team = { id: workspace.team.id, name: workspace.team.name };
  const common = { app_id: oauth.appId, enterprise: null, is_enterprise_install: false };
  const grant = call.params.grant_type ?? 'authorization_code';
  if (grant === 'authorization_code') {
    const code = oauth.codes.get(call.params.code ?? '');
    oauth.codes.delete(call.params.code ?? '');
    if (!code || code.expiresAt < Date.now()) return fail('invalid_code');
    if (call.params.redirect_uri !== undefined && call.params.redirect_uri !== code.redirectUri)
      return fail('bad_redirect_uri');
    oauth.exchanges++;
    const issued = mint(workspace, oauth, code.userId, code.scopes);
    return {
      ok: true,
      ...common,
      authed_user: { id: code.userId, scope: code.scopes.join(','), token_type: 'user', ...issued },
      team,
    };
  }
  if (grant === 'refresh_token') {
    const known = oauth.refreshTokens.get(call.params.refresh_token ?? '');
    if (!known || known.used) {
      oauth.refreshes.refused++;
      return fail(oauth.refreshError);
    }
    known.used = true;
    oauth.refreshes.ok++;
    const issued = mint(workspace, oauth, known.userId, known.scopes);
    const token = { scope: known.scopes.join(','), token_type: 'user', ...issued };
    return oauth.refreshShape === 'top-level'
      ? { ok: true, ...common, ...token, authed_user: { id: known.userId }, team }
      : { ok: true, ...common, authed_user: { id: known.userId, ...token }, team };
  }
  return fail('invalid_grant_type');
}
