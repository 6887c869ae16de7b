import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** Who is calling, and which projects the token may search. */
export interface ApiClient {
  name: string;
  projects: '*' | ReadonlySet<string>;
  /** A short digest of the token (never the token), per token: the per-caller rate-limit key. */
  rateKey: string;
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
  }),
);

const sha256 = (s: string) => createHash('sha256').update(s).digest();
const rateKeyOf = (digest: Buffer) => digest.toString('base64url').slice(0, 22);

/** Reads API_TOKENS (all projects) and API_TOKENS_FILE (hashed, project-scoped); fails loudly on a bad file. */
export function loadApiTokens(apiTokens: string, tokensFile?: string): TokenRecord[] {
  const records: TokenRecord[] = apiTokens
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t, i) => {
      const digest = sha256(t);
      return { digest, client: { name: `api-token-${i + 1}`, projects: '*', rateKey: rateKeyOf(digest) } };
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
    const digest = Buffer.from(entry.sha256, 'hex');
    records.push({ digest, client: { name: entry.name, projects, rateKey: rateKeyOf(digest) } });
  }
  return records;
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
