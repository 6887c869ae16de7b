import { randomBytes } from 'node:crypto';
import type { OAuthTokens } from '@modelcontextprotocol/server';
import type { Clock } from '../../clock.js';
import type { RecordNames } from '../names.js';
import { randomSecret } from '../names.js';
import type { RecordStore } from '../record-store.js';
import {
  InvalidGrantError,
  InvalidRequestError,
  InvalidScopeError,
  InvalidTargetError,
} from './oauth-errors.js';
import { verifierMatches } from './pkce.js';
import { askedScope, covers } from './scopes.js';

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

/** A token's record: its grant and its scope (records from before consent scopes hold the grant's). */
interface TokenRecord {
  grantId: string;
  scope?: string;
}

/** A spent refresh token's record: its grant, scope and when it was spent (records from before kept the id alone). */
function spentRecord(saved: string | undefined): (TokenRecord & { spentAt?: number }) | undefined {
  if (saved === undefined) return undefined;
  return saved.startsWith('{')
    ? (JSON.parse(saved) as TokenRecord & { spentAt?: number })
    : { grantId: saved };
}

/** The grants one client holds of one person, at most: past it, a new one ends the oldest. */
const GRANTS_PER_CLIENT = 20;

/** RFC 8707 resource indicators compared one way everywhere: as URL parsing writes them (case, default port). */
export function sameResource(a: string, b: string): boolean {
  if (!URL.canParse(a) || !URL.canParse(b)) return false;
  return new URL(a).href === new URL(b).href;
}
/** What a person let one client (or their own personal token) do. */
export interface Grant {
  personId: string;
  /** The person's sign-in epoch: after a sign-out or revocation the grant no longer matches it. */
  epoch: string;
  clientId: string;
  clientName: string;
  /** RFC 8707: the resource the tokens are bound to. */
  resource: string;
  /** What the person let the client read (src/sign-in/oauth/scopes.ts); `slack:read` in grants of before. */
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
    /** Whether the person still lets this client in (a revocation may have come after the code). */
    approved: (grant: Grant) => Promise<boolean>;
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
    // Listed with the client's other grants before the approval is checked: a revocation at the same time
    // either sees this grant in the list or has removed the approval this check reads.
    await this.#listed(grant, grantId);
    if (!(await params.approved(grant))) {
      await store.delete(names.raw('grant', grantId));
      throw new InvalidGrantError('The person revoked this client’s access after the code was issued');
    }
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
    /** RFC 6749 §6: a narrower scope for the new access token; never wider than the refresh token's. */
    scope?: string;
  }): Promise<{ tokens: OAuthTokens; grant: Grant }> {
    const { store, names, clock } = this.deps;
    const key = names.of('refresh', params.refreshToken);
    const usedKey = names.of('refresh-used', params.refreshToken);
    const saved = await store.get(key);
    const record =
      saved === undefined ? spentRecord(await store.get(usedKey)) : (JSON.parse(saved) as TokenRecord);
    const grantId = record?.grantId;
    if (grantId === undefined) throw new InvalidGrantError('The refresh token is unknown or expired');
    const grant = await this.grant(grantId);
    if (!grant) throw new InvalidGrantError('The grant of this refresh token has ended: sign in again');
    if (grant.clientId !== params.clientId)
      throw new InvalidGrantError('The refresh token was issued to another client');
    if (params.resource !== undefined && !sameResource(params.resource, grant.resource))
      throw new InvalidTargetError(`The grant is bound to ${grant.resource}`);
    // The new refresh token keeps this one's scope (RFC 6749 §6); the access token may have less.
    const held = record?.scope ?? grant.scope;
    const asked = params.scope === undefined ? undefined : askedScope(params.scope);
    if (asked !== undefined && !covers(held, asked))
      throw new InvalidScopeError(`scope may narrow this refresh token’s (${held}), never widen it`);
    const scopes = { access: asked ?? held, refresh: held };
    if (saved !== undefined) {
      // Marked spent before it is taken, so a request racing this one finds when it was spent.
      const spent = { grantId, scope: held, spentAt: clock() };
      await store.set(usedKey, JSON.stringify(spent), this.deps.grantTtlMs);
      if ((await store.take(key)) !== undefined)
        return { tokens: await this.#issue(grantId, grant, true, scopes), grant };
    }
    const spentAt = spentRecord(await store.get(usedKey))?.spentAt ?? 0;
    if (clock() - spentAt > REFRESH_RACE_MS) {
      await store.delete(names.raw('grant', grantId));
      throw new InvalidGrantError('The refresh token was already used: its grant has ended, sign in again');
    }
    return { tokens: await this.#issue(grantId, grant, true, scopes), grant };
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

  async #issue(
    grantId: string,
    grant: Grant,
    withRefresh: boolean,
    scopes = { access: grant.scope, refresh: grant.scope },
  ): Promise<OAuthTokens> {
    const { store, names, clock, grantTtlMs } = this.deps;
    const ttlMs = grant.kind === 'personal' ? grantTtlMs : this.deps.accessTtlMs;
    const accessToken = randomSecret(ACCESS_TOKEN_PREFIX);
    const access = { grantId, expiresAt: clock() + ttlMs, scope: scopes.access };
    await store.set(names.of('access', accessToken), JSON.stringify(access), ttlMs);
    await store.expire(names.raw('grant', grantId), grantTtlMs);
    // The list a per-client revocation reads lives as long as the grants in it.
    if (grant.kind === 'client') await store.expire(this.#listKey(grant), grantTtlMs);
    const tokens: OAuthTokens = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: Math.floor(ttlMs / 1000),
      scope: scopes.access,
    };
    if (!withRefresh) return tokens;
    const refreshToken = randomSecret(REFRESH_TOKEN_PREFIX);
    const refresh: TokenRecord = { grantId, scope: scopes.refresh };
    await store.set(names.of('refresh', refreshToken), JSON.stringify(refresh), grantTtlMs);
    return { ...tokens, refresh_token: refreshToken };
  }

  /** The list of one client's grants of one person's sign-in (ended together by `endClient`). */
  #listKey({ personId, epoch, clientId }: Pick<Grant, 'personId' | 'epoch' | 'clientId'>): string {
    return this.deps.names.of('client-grants', JSON.stringify([personId, epoch, clientId]));
  }

  /**
   * A new grant, listed with its client's others; grants gone (ended, expired) leave the list, and past
   * GRANTS_PER_CLIENT the oldest ends, so the list stays short however often a client signs in.
   */
  async #listed(grant: Grant, grantId: string): Promise<void> {
    const { store, names, grantTtlMs } = this.deps;
    const key = this.#listKey(grant);
    await store.addMember(key, grantId, grantTtlMs);
    const live: Array<{ id: string; createdAt: number }> = [];
    for (const id of await store.members(key)) {
      const held = await this.grant(id);
      if (held) live.push({ id, createdAt: held.createdAt });
      else await store.removeMember(key, id);
    }
    live.sort((a, b) => a.createdAt - b.createdAt);
    for (const { id } of live.slice(0, Math.max(0, live.length - GRANTS_PER_CLIENT))) {
      await store.delete(names.raw('grant', id));
      await store.removeMember(key, id);
    }
  }

  /** Every grant a person's sign-in gave one client, ended at once (the people's page); how many. */
  async endClient(grant: Pick<Grant, 'personId' | 'epoch' | 'clientId'>): Promise<number> {
    const { store, names } = this.deps;
    const key = this.#listKey(grant);
    const ids = await store.members(key);
    for (const id of ids) await store.delete(names.raw('grant', id));
    await store.delete(key);
    return ids.length;
  }

  async grant(grantId: string): Promise<Grant | undefined> {
    const saved = await this.deps.store.get(this.deps.names.raw('grant', grantId));
    return saved === undefined ? undefined : (JSON.parse(saved) as Grant);
  }

  /** The grant behind an access token while both last, and the token's scope (the grant's, or narrower). */
  async verify(accessToken: string): Promise<{ grantId: string; grant: Grant; scope: string } | undefined> {
    const saved = await this.deps.store.get(this.deps.names.of('access', accessToken));
    if (saved === undefined) return undefined;
    const access = JSON.parse(saved) as TokenRecord & { expiresAt: number };
    if (access.expiresAt <= this.deps.clock()) return undefined;
    const grant = await this.grant(access.grantId);
    return grant && { grantId: access.grantId, grant, scope: access.scope ?? grant.scope };
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
