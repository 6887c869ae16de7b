import type { ParsedCall } from '../request-params.js';
import type { TokenSources } from '../token-owner.js';
import { type FakeOAuthState, randomPart } from './oauth-state.js';
import { type Realm, realmsOf } from './realms.js';

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

/**
 * A new user token (and, with rotation, its refresh token), added to the workspace, or to the organisation as
 * an org-wide token, so every method knows it.
 */
function mint(realm: Realm, oauth: FakeOAuthState, userId: string, scopes: string[]) {
  const rotating = oauth.tokenLifetimeS !== undefined;
  const accessToken = rotating ? `xoxe.xoxp-1-${randomPart()}` : `xoxp-${randomPart()}`;
  const token = {
    token: accessToken,
    type: 'user' as const,
    userId,
    scopes,
    ...(rotating ? { expiresAt: Date.now() + (oauth.tokenLifetimeS as number) * 1000 } : {}),
  };
  if (realm.kind === 'org') realm.org.tokens.push({ ...token, orgWide: true });
  else realm.workspace.tokens.push(token);
  if (!rotating) return { access_token: accessToken };
  const refreshToken = `xoxe-1-${randomPart()}`;
  oauth.refreshTokens.set(refreshToken, { userId, realmId: realm.id, scopes, used: false });
  return { access_token: accessToken, refresh_token: refreshToken, expires_in: oauth.tokenLifetimeS };
}

/**
 * Who installed where, as oauth.v2.access says it: a workspace install names its `team` (and its organisation,
 * if any, with `is_enterprise_install: false`); an org-wide install has `team: null`, the `enterprise` and
 * `is_enterprise_install: true` (Slack's enterprise apps reference).
 */
function installOf(realm: Realm, appId: string): Body {
  if (realm.kind === 'org')
    return { app_id: appId, enterprise: { id: realm.id, name: realm.name }, is_enterprise_install: true };
  const { team } = realm.workspace;
  const enterprise = team.enterpriseId ? { id: team.enterpriseId, name: team.enterpriseName } : null;
  return { app_id: appId, enterprise, is_enterprise_install: false };
}

/**
 * `oauth.v2.access` as Slack answers a user-token-only app: the code grant gives the user token under
 * `authed_user` (no top-level bot token), for a workspace or, org-wide, for the organisation; with token
 * rotation, a refresh grant spends its single-use refresh token and gives a new pair at the top level (or
 * under authed_user, `refreshShape`). Errors are HTTP 200 `{ok:false}`: invalid_client_id, bad_client_secret,
 * invalid_code, bad_redirect_uri, invalid_grant_type and, for a spent or unknown refresh token, `refreshError`.
 */
export function oauthV2Access(call: ParsedCall, sources: TokenSources, oauth: FakeOAuthState): Body {
  const client = clientOf(call);
  if (client.id !== oauth.clientId) return fail('invalid_client_id');
  if (client.secret !== oauth.clientSecret) return fail('bad_client_secret');
  const realms = realmsOf(sources);
  const realmOf = (id: string) => realms.find((realm) => realm.id === id) ?? (realms[0] as Realm);
  const teamOf = (realm: Realm) =>
    realm.kind === 'org' ? null : { id: realm.workspace.team.id, name: realm.workspace.team.name };
  const grant = call.params.grant_type ?? 'authorization_code';
  if (grant === 'authorization_code') {
    const code = oauth.codes.get(call.params.code ?? '');
    oauth.codes.delete(call.params.code ?? '');
    if (!code || code.expiresAt < Date.now()) return fail('invalid_code');
    if (call.params.redirect_uri !== undefined && call.params.redirect_uri !== code.redirectUri)
      return fail('bad_redirect_uri');
    oauth.exchanges++;
    const realm = realmOf(code.realmId);
    const issued = mint(realm, oauth, code.userId, code.scopes);
    return {
      ok: true,
      ...installOf(realm, oauth.appId),
      authed_user: { id: code.userId, scope: code.scopes.join(','), token_type: 'user', ...issued },
      team: teamOf(realm),
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
    const realm = realmOf(known.realmId);
    const [common, team] = [installOf(realm, oauth.appId), teamOf(realm)];
    const issued = mint(realm, oauth, known.userId, known.scopes);
    const token = { scope: known.scopes.join(','), token_type: 'user', ...issued };
    return oauth.refreshShape === 'top-level'
      ? { ok: true, ...common, ...token, authed_user: { id: known.userId }, team }
      : { ok: true, ...common, authed_user: { id: known.userId, ...token }, team };
  }
  return fail('invalid_grant_type');
}
