import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Errors } from '../errors.js';

/**
 * What a token may reach: the catalog search, the Slack routes (and Slack MCP tools), the audit (`admin`:
 * only when a token's `access` names it).
 */
export const AccessArea = Type.Union([Type.Literal('catalog'), Type.Literal('slack'), Type.Literal('admin')]);
export type AccessArea = Static<typeof AccessArea>;

/** Who is calling, which projects the token may act on and which areas it may reach. */
export interface ApiClient {
  name: string;
  /** A signed-in person's: the OAuth client their token was issued to (a policy's per-client rules name it). */
  oauthClientId?: string;
  projects: '*' | ReadonlySet<string>;
  access: ReadonlySet<AccessArea>;
  /** A keyed digest of the token (never the token, never a plain hash of it): the per-caller rate-limit key. */
  rateKey: string;
  /** The Slack workspaces it may read (ids, domains or names); every one when unset. */
  workspaces?: readonly string[];
}

interface TokenRecord {
  digest: Buffer;
  client: ApiClient;
}

const TokenFile = Type.Array(
  Type.Object({
    name: Type.String({ minLength: 1 }),
    sha256: Type.String({ pattern: '^[0-9a-fA-F]{64}$' }),
    projects: Type.Union([Type.Literal('*'), Type.Array(Type.String({ minLength: 1 }))]),
    access: Type.Optional(Type.Array(AccessArea, { minItems: 1 })),
    workspaces: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1 })),
  }),
);

/** A token's areas when its entry names none: every area but `admin`. */
const ALL_AREAS: ReadonlySet<AccessArea> = new Set(['catalog', 'slack']);
const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** Reads API_TOKENS (all projects, all areas) and API_TOKENS_FILE (hashed, scoped); fails loudly on a bad file. */
export function loadApiTokens(
  apiTokens: string,
  tokensFile: string | undefined,
  keySecret: string,
): TokenRecord[] {
  const rateKeyOf = (digest: Buffer) =>
    createHmac('sha256', keySecret).update(digest).digest('base64url').slice(0, 22);
  const records: TokenRecord[] = apiTokens
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t, i) => {
      const digest = sha256(t);
      const client = { name: `api-token-${i + 1}`, projects: '*' as const, access: ALL_AREAS };
      return { digest, client: { ...client, rateKey: rateKeyOf(digest) } };
    });
  if (!tokensFile) return records;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(tokensFile, 'utf8'));
  } catch (err) {
    throw new Error(
      `Invalid configuration: API_TOKENS_FILE ${tokensFile} cannot be read as JSON (${(err as Error).message})`,
    );
  }
  const problem = Value.Errors(TokenFile, parsed).First();
  if (problem)
    throw new Error(`Invalid configuration: API_TOKENS_FILE ${problem.path || '/'} ${problem.message}`);
  for (const entry of Value.Cast(TokenFile, parsed)) {
    const projects = entry.projects === '*' ? '*' : new Set(entry.projects);
    const access = entry.access ? new Set(entry.access) : ALL_AREAS;
    const digest = Buffer.from(entry.sha256, 'hex');
    const client: ApiClient = { name: entry.name, projects, access, rateKey: rateKeyOf(digest) };
    records.push({ digest, client: entry.workspaces ? { ...client, workspaces: entry.workspaces } : client });
  }
  return records;
}

/**
 * Throws 403 unless `client` may reach `area`. No client (the local stdio MCP user, who holds the service's
 * own credentials) may reach everything; an HTTP request always has one once authenticated.
 */
export function assertAccess(client: ApiClient | undefined, area: AccessArea): void {
  if (client && !client.access.has(area)) throw new Errors.AccessForbidden(area);
}

const MAX_REMEMBERED_TOKENS = 1000;

/**
 * `findApiClient` with a memo of the tokens it accepted (in process memory only, never logged, at most
 * MAX_REMEMBERED_TOKENS, least recently used first out), so a caller's token is digested once, not on every
 * request. Tokens are read at boot, so a memoised answer cannot go out of date; unknown tokens are never
 * memoised and always take the constant-time path.
 */
export function createClientLookup(records: TokenRecord[]): (token: string) => ApiClient | undefined {
  const known = new Map<string, ApiClient>();
  return (token) => {
    const memo = known.get(token);
    if (memo) {
      known.delete(token);
      known.set(token, memo);
      return memo;
    }
    const found = findApiClient(records, token);
    if (found) {
      known.set(token, found);
      if (known.size > MAX_REMEMBERED_TOKENS) known.delete(known.keys().next().value as string);
    }
    return found;
  };
}

/** Compares the token's digest with every record, without stopping early, in constant time per record. */
export function findApiClient(records: TokenRecord[], token: string): ApiClient | undefined {
  const digest = sha256(token);
  let found: ApiClient | undefined;
  for (const record of records) {
    if (timingSafeEqual(record.digest, digest) && !found) found = record.client;
  }
  return found;
}
