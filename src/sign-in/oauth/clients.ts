import type { OAuthClientInformationFull, OAuthClientMetadata } from '@modelcontextprotocol/server';
import type { Clock } from '../../clock.js';
import { withRetryAfter } from '../../errors.js';
import type { AnonymousQuota, QuotaRefusal } from '../anonymous-quota.js';
import type { RecordNames } from '../names.js';
import { randomSecret } from '../names.js';
import type { RecordStore } from '../record-store.js';
import { InvalidClientMetadataError, InvalidRedirectUriError, TooManyRequestsError } from './oauth-errors.js';
import { redirectUriProblem } from './redirect-uri.js';
import { type FetchedDocument, type SafeFetchOptions, safeFetch } from './safe-fetch.js';

/** A client as the authorization endpoint sees it: registered with us, or described by its metadata document. */
export interface OAuthClient {
  clientId: string;
  name: string;
  redirectUris: string[];
  /** Where the name comes from, for the consent page: registered here, or published at its client id URL. */
  kind: 'registered' | 'document';
  /** The grants it registered (RFC 7591 `grant_types`); absent in records from before they were kept: both. */
  grantTypes?: string[];
}

/** Whether a client may hold refresh tokens: it registered the refresh_token grant. */
export const mayRefresh = (client: OAuthClient) => client.grantTypes?.includes('refresh_token') ?? true;

/** How long a registration nobody has signed in with is kept: a day (then as long as its grants). */
const UNUSED_REGISTRATION_TTL_MS = 86_400_000;
const MAX_REDIRECT_URIS = 10;
const DOCUMENT_MAX_BYTES = 10_000;
const DOCUMENT_TIMEOUT_MS = 3_000;
/** How long a client metadata document is reused: its Cache-Control max-age within these bounds. */
const DOCUMENT_TTL_MS = { min: 60_000, default: 600_000, max: 3_600_000 };

export interface ClientsDeps {
  store: RecordStore;
  names: RecordNames;
  clock: Clock;
  /** How long a registration someone signed in with is kept (SIGN_IN_GRANT_TTL_S). */
  ttlMs: number;
  /** Bounds what registrations and document fetches (anonymous requests) may store. */
  quota: AnonymousQuota;
  /** Network policy of document fetches (tests serve documents on loopback). */
  fetch?: Partial<SafeFetchOptions>;
}

/** A printable name: control characters out, at most 100 characters. */
const cleanName = (name: unknown, fallback: string) =>
  typeof name === 'string' && name.trim()
    ? name
        .replace(/[\p{Cc}\p{Cf}]/gu, '')
        .trim()
        .slice(0, 100)
    : fallback;

/** Whether a client id is meant as a client ID metadata document URL (not one we issued). */
export const isDocumentClientId = (clientId: string) => /^https:\/\//i.test(clientId);

/**
 * Why a client id URL is outside draft-ietf-oauth-client-id-metadata-document §3, or undefined: https, a path,
 * no single- or double-dot segments (checked on the text as sent, before URL parsing removes them), no
 * fragment, no user name or password.
 */
export function documentUrlProblem(clientId: string): string | undefined {
  if (!URL.canParse(clientId)) return 'it is not a URL';
  const url = new URL(clientId);
  if (url.protocol !== 'https:') return 'it must be an https URL';
  if (url.username || url.password || /^https:\/\/[^/?#]*@/i.test(clientId))
    return 'it must not carry a user name or password';
  if (clientId.includes('#')) return 'it must not have a fragment';
  const rawPath = clientId.replace(/^https:\/\/[^/?#]*/i, '').replace(/[?#].*$/s, '');
  if (rawPath.length <= 1) return 'it must have a path';
  if (rawPath.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment)))
    return 'it must not have . or .. path segments';
  return undefined;
}

/**
 * RFC 7591 client metadata as the MCP SDK's own schema reads it (loaded with the first registration or
 * document), or `path: problem` of its first issue.
 */
async function clientMetadata(body: unknown): Promise<OAuthClientMetadata | string> {
  const { specTypeSchemas } = await import('@modelcontextprotocol/server');
  const result = specTypeSchemas.OAuthClientMetadata['~standard'].validate(body);
  if (!('issues' in result) || !result.issues) return (result as { value: OAuthClientMetadata }).value;
  const issue = result.issues[0];
  const path = (issue?.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.');
  return `${path || 'body'}: ${issue?.message ?? 'invalid'}`;
}

function checkRedirectUris(uris: unknown): string[] {
  if (!Array.isArray(uris) || uris.length === 0 || uris.some((u) => typeof u !== 'string'))
    throw new InvalidRedirectUriError('redirect_uris must be a non-empty array of URLs');
  if (uris.length > MAX_REDIRECT_URIS)
    throw new InvalidRedirectUriError(`at most ${MAX_REDIRECT_URIS} redirect_uris may be registered`);
  for (const uri of uris as string[]) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new InvalidRedirectUriError(problem);
  }
  return uris as string[];
}

/**
 * MCP clients: dynamic registration (RFC 7591) for public clients (PKCE, no secret), and client ID
 * metadata documents (the client id is an https URL serving its metadata), fetched safely and cached.
 * Both are checked with the MCP SDK's client metadata schema.
 */
export class Clients {
  constructor(private readonly deps: ClientsDeps) {}

  async register(body: unknown, address: string): Promise<OAuthClientInformationFull> {
    const redirectUris = checkRedirectUris((body as { redirect_uris?: unknown } | null)?.redirect_uris);
    const parsed = await clientMetadata(body);
    if (typeof parsed === 'string') throw new InvalidClientMetadataError(parsed);
    const metadata = parsed;
    const grants = metadata.grant_types?.length ? metadata.grant_types : ['authorization_code'];
    const unsupported = grants.find((g) => g !== 'authorization_code' && g !== 'refresh_token');
    if (unsupported)
      throw new InvalidClientMetadataError(
        `grant_types: ${JSON.stringify(unsupported.slice(0, 60))} is not offered; use authorization_code and refresh_token`,
      );
    if ((metadata.response_types ?? ['code']).some((t) => t !== 'code'))
      throw new InvalidClientMetadataError('response_types: only "code" is offered');
    const { store, names, clock } = this.deps;
    const refused = await this.deps.quota.take('client', address);
    if (refused) throw withRetryAfter(new TooManyRequestsError(refused.message), refused.retryAfterS);
    const clientId = randomSecret('asc_').slice(0, 36);
    const client: OAuthClient = {
      clientId,
      name: cleanName(metadata.client_name, 'An unnamed client'),
      redirectUris,
      kind: 'registered',
      grantTypes: grants,
    };
    await store.set(names.raw('client', clientId), JSON.stringify(client), UNUSED_REGISTRATION_TTL_MS);
    return {
      client_id: clientId,
      client_id_issued_at: Math.floor(clock() / 1000),
      client_name: client.name,
      redirect_uris: redirectUris,
      grant_types: grants,
      response_types: ['code'],
      // Public clients only: PKCE proves the client, and no secret sits in an app a person installs.
      token_endpoint_auth_method: 'none',
      ...(metadata.client_uri ? { client_uri: metadata.client_uri } : {}),
    };
  }

  /** A client someone signed in with: its registration is kept as long as a grant. */
  async keep(clientId: string): Promise<void> {
    if (!isDocumentClientId(clientId))
      await this.deps.store.expire(this.deps.names.raw('client', clientId), this.deps.ttlMs);
  }

  /**
   * The client of a client id, or a sentence saying why there is none (for the 400 page), or a quota's
   * refusal when fetching its metadata document would store more than `address` may.
   */
  async find(clientId: string, address: string): Promise<OAuthClient | string | QuotaRefusal> {
    if (!clientId) return 'The request names no client_id';
    if (isDocumentClientId(clientId)) {
      const problem = documentUrlProblem(clientId);
      if (problem)
        return `client_id ${JSON.stringify(clientId.slice(0, 200))} is not a client ID metadata document URL: ${problem}`;
      return this.#fromDocument(clientId, address);
    }
    if (!/^asc_[A-Za-z0-9_-]{32}$/.test(clientId))
      return `client_id ${JSON.stringify(clientId.slice(0, 80))} is not one this server issued`;
    const key = this.deps.names.raw('client', clientId);
    const saved = await this.deps.store.get(key);
    if (saved === undefined)
      return `client_id ${clientId} is not registered here (or its registration expired): register again`;
    return JSON.parse(saved) as OAuthClient;
  }

  async #fromDocument(url: string, address: string): Promise<OAuthClient | string | QuotaRefusal> {
    const { store, names } = this.deps;
    const key = names.of('client-doc', url);
    const cached = await store.get(key);
    if (cached !== undefined) return JSON.parse(cached) as OAuthClient;
    const refused = await this.deps.quota.take('client-doc', address);
    if (refused) return refused;
    let answer: FetchedDocument;
    try {
      answer = await safeFetch(new URL(url), {
        timeoutMs: DOCUMENT_TIMEOUT_MS,
        maxBytes: DOCUMENT_MAX_BYTES,
        ...this.deps.fetch,
      });
    } catch {
      // Why a fetch failed (refused, timed out, resolves to a private address) would map our network for
      // whoever names the URL: the person hears only that it failed.
      return this.#unreachable(url);
    }
    if (answer.status !== 200) return this.#unreachable(url);
    const problem = await this.#documentProblem(url, answer);
    if (typeof problem === 'string')
      return `The client's metadata document at ${url} cannot be used: ${problem}`;
    if (/\bno-store\b/i.test(answer.cacheControl)) return problem;
    const maxAge = Number(/max-age=(\d+)/.exec(answer.cacheControl)?.[1] ?? Number.NaN) * 1000;
    const ttl = Number.isFinite(maxAge)
      ? Math.min(Math.max(maxAge, DOCUMENT_TTL_MS.min), DOCUMENT_TTL_MS.max)
      : DOCUMENT_TTL_MS.default;
    await store.set(key, JSON.stringify(problem), ttl);
    return problem;
  }

  #unreachable(url: string): string {
    return `The client's metadata document at ${url} could not be fetched: the client cannot sign in until it can`;
  }

  async #documentProblem(
    url: string,
    answer: { contentType: string; body: string },
  ): Promise<OAuthClient | string> {
    if (!/^application\/([\w.+-]*\+)?json\b/i.test(answer.contentType))
      return 'it is not JSON (Content-Type)';
    let doc: unknown;
    try {
      doc = JSON.parse(answer.body);
    } catch {
      return 'it is not JSON';
    }
    if ((doc as { client_id?: unknown } | null)?.client_id !== url) return 'its client_id is not its own URL';
    try {
      const redirectUris = checkRedirectUris((doc as { redirect_uris?: unknown }).redirect_uris);
      const parsed = await clientMetadata(doc);
      if (typeof parsed === 'string') return parsed;
      const host = new URL(url).host;
      return {
        clientId: url,
        name: cleanName(parsed.client_name, host),
        redirectUris,
        kind: 'document',
        grantTypes: parsed.grant_types ?? ['authorization_code'],
      };
    } catch (err) {
      return (err as Error).message;
    }
  }
}

/** Whether what `find` answered is a quota's refusal (a 429), not a client nor a reason there is none. */
export const isRefusal = (found: OAuthClient | string | QuotaRefusal): found is QuotaRefusal =>
  typeof found === 'object' && 'retryAfterS' in found;
