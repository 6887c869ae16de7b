import { randomBytes } from 'node:crypto';
import type { OAuthTokens } from '@modelcontextprotocol/server';
import type { Clock } from '../../clock.js';
import type { RecordNames } from '../names.js';
import { randomSecret } from '../names.js';
import type { RecordStore } from '../record-store.js';
import { InvalidGrantError, InvalidRequestError, InvalidTargetError } from './oauth-errors.js';
import { verifierMatches } from './pkce.js';

/** Access tokens we issue start with this, so a bearer token is told from an API token without a lookup. */
export const ACCESS_TOKEN_PREFIX = 'ast_';
const REFRESH_TOKEN_PREFIX = 'asr_';
const CODE_TTL_MS = 60_000;
/** How long a spent code is remembered, so that its replay revokes what it gave (RFC 6749 §4.1.2). */
const SPENT_CODE_TTL_MS = 10 * 60_000;
/**
 * A refresh token used again within this window (two tabs, a retry after a lost answer) is answered with new
 * tokens of the same grant; used again later, it ends the grant (RFC 9700 §4.14.2).
 */
export const REFRESH_RACE_MS = 5_000;

/** A spent refresh token's record: its grant and when it was spent (records from before kept the id alone). */
function spentRecord(saved: string | undefined): { grantId: string; spentAt?: number } | undefined {
  if (saved === undefined) return undefined;
  return saved.startsWith('{')
    ? (JSON.parse(saved) as { grantId: string; spentAt?: number })
    : { grantId: saved };
}

/** RFC 8707 resource indicators compared one way everywhere: as URL parsing writes them (case, default port). */
export function sameResource(a: string, b: string): boolean {
  if (!URL.canParse(a) || !URL.canParse(b)) return false;
  return new URL(a).href === new URL(b).href;
}
/** The one scope: search and read Slack as the person. */
export const SCOPE = 'slack:read';

/** What a person let one client (or their own personal token) do. */
export interface Grant {
  personId: string;
  /** The person's sign-in epoch: after a sign-out or revocation the grant no longer matches it. */
  epoch: string;
  clientId: string;
  clientName: string;
  /** RFC 8707: the resource the tokens are bound to. */
  resource: string;
  scope: string;
  kind: 'client' | 'personal';
  createdAt: number;
}

interface CodeRecord {
  grant: Omit<Grant, 'createdAt'>;
  redirectUri: string;
  codeChallenge: string;
}

export interface GrantsDeps {
  store: RecordStore;
  names: RecordNames;
  clock: Clock;
  accessTtlMs: number;
  grantTtlMs: number;
}

/**
 * Codes, grants and the tokens we issue. Tokens and codes are random secrets kept only as keyed hashes
 * (the record's key); codes are single-use (taken) and live a minute; refresh tokens rotate, and a spent
 * one used again ends its grant (RFC 9700 §4.14.2).
 */
export class Grants {
  constructor(private readonly deps: GrantsDeps) {}

  async issueCode(record: CodeRecord): Promise<string> {
    const code = randomSecret();
    await this.deps.store.set(this.deps.names.of('code', code), JSON.stringify(record), CODE_TTL_MS);
    return code;
  }

  /** authorization_code: the code once, for the client it was issued to, with its PKCE verifier. */
  async exchangeCode(params: {
    code: string;
    clientId: string;
    redirectUri?: string;
    verifier: string;
    resource?: string;
    /** Whether the client registered the refresh_token grant. */
    withRefresh: boolean;
  }): Promise<{ tokens: OAuthTokens; grant: Grant }> {
    const { store, names } = this.deps;
    const saved = await store.take(names.of('code', params.code));
    if (saved === undefined) {
      // A code used twice: someone else may hold it, so what it gave ends too.
      const spent = await store.take(names.of('code-used', params.code));
      if (spent !== undefined) await store.delete(names.raw('grant', spent));
      throw new InvalidGrantError('The code is unknown, used or expired (codes live a minute and work once)');
    }
    const code = JSON.parse(saved) as CodeRecord;
    if (code.grant.clientId !== params.clientId)
      throw new InvalidGrantError('The code was issued to another client');
    if (params.redirectUri !== undefined && params.redirectUri !== code.redirectUri)
      throw new InvalidGrantError('redirect_uri differs from the one of the authorization request');
    if (!verifierMatches(params.verifier, code.codeChallenge))
      throw new InvalidGrantError('code_verifier does not match the code_challenge (PKCE S256)');
    if (params.resource !== undefined && !sameResource(params.resource, code.grant.resource))
      throw new InvalidTargetError(
        `The code is bound to ${code.grant.resource}, not ${params.resource.slice(0, 200)}`,
      );
    const grant = { ...code.grant, createdAt: this.deps.clock() };
    const grantId = randomBytes(16).toString('base64url');
    await store.set(names.raw('grant', grantId), JSON.stringify(grant), this.deps.grantTtlMs);
    await store.set(names.of('code-used', params.code), grantId, SPENT_CODE_TTL_MS);
    return { tokens: await this.#issue(grantId, grant, params.withRefresh), grant };
  }

  /**
   * refresh_token: rotated. Checked before it is spent (a refused request leaves it usable); spent once, by
   * whichever request takes it; used again within REFRESH_RACE_MS it is answered again, later it ends its grant.
   */
  async refresh(params: {
    refreshToken: string;
    clientId: string;
    resource?: string;
  }): Promise<{ tokens: OAuthTokens; grant: Grant }> {
    const { store, names, clock } = this.deps;
    const key = names.of('refresh', params.refreshToken);
    const usedKey = names.of('refresh-used', params.refreshToken);
    const saved = await store.get(key);
    const spent = saved === undefined ? spentRecord(await store.get(usedKey)) : undefined;
    const grantId = saved === undefined ? spent?.grantId : (JSON.parse(saved) as { grantId: string }).grantId;
    if (grantId === undefined) throw new InvalidGrantError('The refresh token is unknown or expired');
    const grant = await this.grant(grantId);
    if (!grant) throw new InvalidGrantError('The grant of this refresh token has ended: sign in again');
    if (grant.clientId !== params.clientId)
      throw new InvalidGrantError('The refresh token was issued to another client');
    if (params.resource !== undefined && !sameResource(params.resource, grant.resource))
      throw new InvalidTargetError(`The grant is bound to ${grant.resource}`);
    if (saved !== undefined) {
      // Marked spent before it is taken, so a request racing this one finds when it was spent.
      await store.set(usedKey, JSON.stringify({ grantId, spentAt: clock() }), this.deps.grantTtlMs);
      if ((await store.take(key)) !== undefined)
        return { tokens: await this.#issue(grantId, grant, true), grant };
    }
    const spentAt = spentRecord(await store.get(usedKey))?.spentAt ?? 0;
    if (clock() - spentAt > REFRESH_RACE_MS) {
      await store.delete(names.raw('grant', grantId));
      throw new InvalidGrantError('The refresh token was already used: its grant has ended, sign in again');
    }
    return { tokens: await this.#issue(grantId, grant, true), grant };
  }

  /** A personal token (the people's page): an access token of a grant of its own, no refresh token. */
  async issuePersonal(grant: Omit<Grant, 'createdAt' | 'kind'>): Promise<OAuthTokens> {
    const full: Grant = { ...grant, kind: 'personal', createdAt: this.deps.clock() };
    const grantId = randomBytes(16).toString('base64url');
    await this.deps.store.set(
      this.deps.names.raw('grant', grantId),
      JSON.stringify(full),
      this.deps.grantTtlMs,
    );
    return this.#issue(grantId, full, false);
  }

  async #issue(grantId: string, grant: Grant, withRefresh: boolean): Promise<OAuthTokens> {
    const { store, names, clock } = this.deps;
    const ttlMs = grant.kind === 'personal' ? this.deps.grantTtlMs : this.deps.accessTtlMs;
    const accessToken = randomSecret(ACCESS_TOKEN_PREFIX);
    const access = { grantId, expiresAt: clock() + ttlMs };
    await store.set(names.of('access', accessToken), JSON.stringify(access), ttlMs);
    await store.expire(names.raw('grant', grantId), this.deps.grantTtlMs);
    const tokens: OAuthTokens = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: Math.floor(ttlMs / 1000),
      scope: grant.scope,
    };
    if (!withRefresh) return tokens;
    const refreshToken = randomSecret(REFRESH_TOKEN_PREFIX);
    await store.set(names.of('refresh', refreshToken), JSON.stringify({ grantId }), this.deps.grantTtlMs);
    return { ...tokens, refresh_token: refreshToken };
  }

  async grant(grantId: string): Promise<Grant | undefined> {
    const saved = await this.deps.store.get(this.deps.names.raw('grant', grantId));
    return saved === undefined ? undefined : (JSON.parse(saved) as Grant);
  }

  /** The grant behind an access token while both last. */
  async verify(accessToken: string): Promise<{ grantId: string; grant: Grant } | undefined> {
    const saved = await this.deps.store.get(this.deps.names.of('access', accessToken));
    if (saved === undefined) return undefined;
    const { grantId, expiresAt } = JSON.parse(saved) as { grantId: string; expiresAt: number };
    if (expiresAt <= this.deps.clock()) return undefined;
    const grant = await this.grant(grantId);
    return grant && { grantId, grant };
  }

  /**
   * RFC 7009: the grant of one of `clientId`'s access or refresh tokens, ended (that grant only); undefined for
   * a token we do not know. A token of another client is refused, and stays as it was.
   */
  async revoke(token: string, clientId: string): Promise<Grant | undefined> {
    const { store, names } = this.deps;
    const saved =
      (await store.get(names.of('access', token))) ?? (await store.get(names.of('refresh', token)));
    if (saved === undefined) return undefined;
    const { grantId } = JSON.parse(saved) as { grantId: string };
    const grant = await this.grant(grantId);
    if (grant && grant.clientId !== clientId)
      throw new InvalidRequestError('The token was not issued to this client: it stays as it was');
    await store.delete(names.of('access', token));
    await store.delete(names.of('refresh', token));
    await store.delete(names.raw('grant', grantId));
    return grant;
  }
}

/** The parameters of a token request that are required, or an invalid_request naming the first missing one. */
export function required(
  form: Record<string, string | undefined>,
  ...names: string[]
): Record<string, string> {
  for (const name of names) if (!form[name]) throw new InvalidRequestError(`${name} is required`);
  return form as Record<string, string>;
}
