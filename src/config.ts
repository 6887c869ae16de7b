import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { type Static, type TLiteral, type TSchema, type TUnion, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { originPolicy } from './http/origin-check.js';
import { parseClusterNodes } from './redis/cluster-nodes.js';
import { mostSpecific } from './schemas/typebox-problem.js';
import { describeProblem, EXPECTED } from './schemas/validation-message.js';
import { signInSettings } from './sign-in/settings.js';

/** One of a few words, as TypeBox checks it (the configuration is checked with TypeBox, not Ajv: start-up). */
const OneOf = <const T extends readonly string[]>(
  values: T,
  options: { default: T[number]; description?: string },
) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  ) as unknown as TUnion<TLiteral<T[number]>[]>;

const Ms = (def: number, description: string) => Type.Integer({ minimum: 0, default: def, description });

/** The service's whole configuration; only this module reads `process.env`. */
export const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ default: '0.0.0.0', minLength: 1 }),
  LOG_LEVEL: OneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
  API_TOKENS: Type.String({
    default: '',
    description: 'Comma-separated bearer tokens accepted for all projects',
  }),
  API_TOKENS_FILE: Type.Optional(Type.String({ minLength: 1 })),
  POLICY_FILE: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        "The company's policy for agents' reads (JSON, docs/security.md#policy): channels no agent reads, kinds of conversation per client, redaction terms. Checked at start (a bad file stops it, naming the line); read again on SIGHUP and when the file changes (a bad one is refused and the last good kept)",
    }),
  ),
  AUTH_FAILURES_MAX: Type.Integer({
    minimum: 1,
    default: 30,
    description: 'Invalid bearer tokens one client address may send per AUTH_FAILURES_WINDOW_MS before 429',
  }),
  AUTH_FAILURES_WINDOW_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
  TRUST_PROXY: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        "Behind a proxy: how many proxy hops to trust (e.g. 1), or the proxies' addresses and CIDR ranges, comma-separated (e.g. 10.0.0.0/8, loopback); then X-Forwarded-For gives the client address. Unset = the socket address",
    }),
  ),
  KEY_HASH_SECRET: Type.String({
    minLength: 16,
    default: randomBytes(32).toString('base64url'),
    description:
      'Secret of the keyed hash (HMAC) in Redis keys; required with REDIS_URL or REDIS_CLUSTER_NODES (replicas sharing Redis must set the same value); without Redis, unset = random per process',
  }),
  MCP_ALLOWED_ORIGINS: Type.Optional(
    Type.String({
      description:
        'Comma-separated origins (scheme://host[:port]) whose pages may call /mcp; a request with another Origin gets 403 (loopback pages and requests without Origin always pass)',
    }),
  ),
  MCP_ALLOWED_HOSTS: Type.Optional(
    Type.String({
      description:
        'Comma-separated host names (any port) /mcp answers in Host; unset = any, or only loopback names when HOST is a loopback address',
    }),
  ),
  SLACK_USER_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  PUBLIC_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^/?#\\s]+/?$',
      [EXPECTED]: 'an origin like https://search.example.com (https, or http on a loopback host)',
      description:
        'Sign in with Slack: the origin clients reach this service at; the OAuth issuer and every redirect URI come from it',
    }),
  ),
  SLACK_CLIENT_ID: Type.Optional(
    Type.String({ minLength: 1, description: "Sign in with Slack: the Slack app's client id" }),
  ),
  SLACK_CLIENT_SECRET: Type.Optional(
    Type.String({ minLength: 1, description: "Sign in with Slack: the Slack app's client secret" }),
  ),
  SLACK_SIGNING_SECRET: Type.Optional(
    Type.String({
      minLength: 1,
      description: "The Slack app's signing secret: POST /slack/events verifies Slack's events with it",
    }),
  ),
  TOKEN_ENCRYPTION_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        "Sign in with Slack: 32 random bytes, base64, that encrypt people's Slack tokens at rest (AES-256-GCM)",
    }),
  ),
  TOKEN_ENCRYPTION_OLD_KEYS: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'Earlier TOKEN_ENCRYPTION_KEY values, comma-separated: records sealed with them are still read (and sealed anew with the current key)',
    }),
  ),
  SIGN_IN_ACCESS_TOKEN_TTL_S: Type.Integer({
    minimum: 60,
    maximum: 86_400,
    default: 3600,
    description: 'Lifetime of the access tokens this service issues to signed-in people',
  }),
  SIGN_IN_GRANT_TTL_S: Type.Integer({
    minimum: 3600,
    maximum: 31_536_000,
    default: 2_592_000,
    description:
      'Lifetime of a sign-in: refresh tokens and personal tokens, remembered consent, and an idle person’s stored Slack token',
  }),
  SIGN_IN_REDIS_URL: Type.Optional(
    Type.String({
      description:
        'A Redis of its own for sign-in records (people, grants, clients): give it maxmemory-policy noeviction and persistence, so that no cache entry or flood displaces them. Unset = REDIS_URL (which must then not evict)',
    }),
  ),
  SIGN_IN_ANONYMOUS_PER_ADDRESS: Type.Integer({
    minimum: 1,
    default: 60,
    description:
      'What one client address (an IPv6 /64 counts as one) may leave stored without signing anyone in, per kind (pending authorizations and Slack sign-in states per 10 minutes, client documents per hour); registrations are 20 an hour',
  }),
  SIGN_IN_ANONYMOUS_TOTAL: Type.Integer({
    minimum: 10,
    default: 10_000,
    description:
      'The same, all addresses together, per kind (registrations: per day): past it, 429 with Retry-After until the window turns',
  }),
  SIGN_IN_RATE_LIMIT_MAX: Type.Integer({
    minimum: 0,
    default: 120,
    description:
      'Requests a minute one client address (an IPv6 /64 counts as one) may send to the sign-in routes (/oauth/*, /signin*, /slack/events, their metadata); 0 = no limit',
  }),
  SLACK_API_URL: Type.String({
    default: 'https://slack.com/api/',
    pattern: '^https?://[^\\s]+$',
    [EXPECTED]: 'an http(s) URL like https://slack.com/api/',
  }),
  REDIS_URL: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'One Redis (redis:// or rediss://, user and password in the URL)',
    }),
  ),
  REDIS_CLUSTER_NODES: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'A Redis Cluster instead (cluster-mode Redis or Valkey): comma-separated seed nodes, host:port or redis[s]://[user:password@]host:port; rediss:// = TLS',
    }),
  ),
  REQUEST_DEADLINE_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
  REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    maximum: 300_000,
    default: 30_000,
    description: 'Time a client has to send a whole request, body included; then 408 and the socket closes',
  }),
  MAX_CONNECTIONS: Type.Integer({
    minimum: 1,
    default: 1000,
    description: 'Open sockets at most; further ones are closed at once. Keep it under `ulimit -n` minus ~50',
  }),
  MAX_CONNECTIONS_PER_ADDRESS: Type.Integer({
    minimum: 0,
    default: 100,
    description:
      'Open sockets at most from one client address (0 = no bound); behind a load balancer, at least its connections to one replica',
  }),
  CATALOG_WORKERS: Type.Integer({
    minimum: 0,
    maximum: 16,
    default: 1,
    description: 'Threads that rank tools off the event loop; 0 ranks in process',
  }),
  CATALOG_INDEX_CACHE_MB: Type.Integer({
    minimum: 0,
    default: 64,
    description: 'Estimated MB of tool-list indexes each ranking thread keeps',
  }),
  MAX_RESPONSE_BYTES: Type.Integer({ minimum: 1024, default: 400_000 }),
  CACHE_SEARCH_TTL_MS: Ms(60_000, 'Fresh lifetime of a search.messages answer'),
  CACHE_THREAD_MIN_TTL_MS: Ms(15_000, 'Thread TTL when the last reply is recent'),
  CACHE_THREAD_MAX_TTL_MS: Ms(3_600_000, 'Thread TTL for a thread quiet for days'),
  CACHE_AUTH_TTL_MS: Ms(
    60_000,
    'Lifetime of a memoised auth.test answer: how often a Slack token is re-validated; a revoked one gets 401, and no cached answer, within it',
  ),
  CACHE_USER_TTL_MS: Ms(
    3_600_000,
    'Lifetime of a memoised user or channel name (users.info, conversations.info), per workspace (a guest’s names and private channels’: per token, 60 s)',
  ),
  CACHE_CHANNELS_TTL_MS: Ms(
    600_000,
    'Lifetime of a token’s files.info and usergroups.users.list answers and of whether it is a guest (users.info)',
  ),
  CACHE_STALE_GRACE_MS: Ms(3_600_000, 'How long an expired entry may still be served when Slack fails'),
  CACHE_MAX_ENTRIES: Type.Integer({
    minimum: 10,
    default: 10_000,
    description: 'Entries in the in-memory cache',
  }),
  CACHE_MAX_BYTES: Type.Integer({
    minimum: 1_000_000,
    default: 64 * 1024 * 1024,
    description:
      'JSON size of the values in the in-memory cache (also the fallback while Redis is out); the heap they take is a few times this, see docs/operations.md',
  }),
  CACHE_LOCK_TTL_MS: Type.Integer({
    minimum: 100,
    maximum: 60_000,
    default: 3_000,
    description: 'Redis coalescing lock lifetime (renewed while held): how long a dead holder blocks others',
  }),
  SLACK_RATE_PRESET: OneOf(['none', 'tier', 'non-marketplace'], {
    default: 'none',
    description: 'Client-side pacing of Slack calls',
  }),
  SLACK_APP_ID: Type.String({
    default: 'default',
    pattern: '^[A-Za-z0-9_-]+$',
    [EXPECTED]: 'letters, digits, _ and - only',
    description: 'Names the Slack app in shared rate-limit keys; set it when several apps share one Redis',
  }),
  SLACK_SEARCH_BACKEND: OneOf(['auto', 'rts', 'legacy'], {
    default: 'auto',
    description:
      'Which Slack search answers /search/messages: rts = the Real-time Search API (assistant.search.context), legacy = search.messages, auto = rts when the token has search:read.public, else search.messages',
  }),
  SLACK_RTS_FALLBACK_MS: Ms(
    600_000,
    'In auto, how long a token whose Real-time Search answer said it cannot use it (missing_scope, feature_not_enabled…) searches with search.messages',
  ),
  SLACK_DEFAULT_RETRY_AFTER_S: Type.Integer({ minimum: 1, maximum: 900, default: 30 }),
  SLACK_MAX_RETRY_AFTER_S: Type.Integer({
    minimum: 1,
    maximum: 900,
    default: 900,
    description:
      'Ceiling on a Slack Retry-After we honour or pass on (15 minutes at most): a longer one blocks the method this long, then Slack is tried again',
  }),
  RATE_LIMIT_MAX: Type.Integer({
    minimum: 0,
    default: 0,
    description: 'Requests per window per bearer token; 0 = off',
  }),
  RATE_LIMIT_WINDOW_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
  METRICS_TOKEN: Type.Optional(
    Type.String({ minLength: 1, description: 'Bearer token for GET /metrics; unset = any API token' }),
  ),
  AUDIT_LOG: Type.String({
    default: 'off',
    minLength: 1,
    description:
      "Where each read's audit record goes as a JSON line: a file path (appended to), stdout, stderr, or off. Apart from the access log; stdout is refused by the stdio MCP bin (its stdout carries MCP)",
  }),
  AUDIT_RECORD_QUERIES: OneOf(['true', 'false'], {
    default: 'true',
    description: 'Whether audit records hold the query text of a search (false: the query is left out)',
  }),
  AUDIT_MAX_RECORDS: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 10_000,
    description:
      'Audit records kept for GET /admin/audit (in Redis when the service has one, so any replica answers; else in process memory, outside the JavaScript heap, at most 4 KB a record on average and 512 MB in all); the oldest go first; 0 = none kept',
  }),
  AUDIT_RETENTION_HOURS: Type.Integer({
    minimum: 1,
    maximum: 8760,
    default: 168,
    description:
      'Audit records older than this are dropped from the kept window (the JSON lines are yours to keep)',
  }),
  AUDIT_QUEUE_MAX: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 10_000,
    description:
      'Audit records waiting to be written; past it a record is dropped and counted (agent_search_audit_records_total{outcome="dropped"}), never the read slowed',
  }),
  ADMIN_PEOPLE: Type.Optional(
    Type.String({
      pattern: '^\\s*[A-Z0-9]+:[A-Z0-9]+\\s*(,\\s*[A-Z0-9]+:[A-Z0-9]+\\s*)*$',
      [EXPECTED]: 'Slack team:user ids separated by commas, like T0123:U0456,T0123:U0789',
      description:
        'Signed-in people who may read the audit (GET /admin/audit, the /admin page), as Slack team:user ids; API tokens need access area admin',
    }),
  ),
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: Type.Integer({
    minimum: 0,
    default: 1000,
    description: 'Answer 503 while the mean event-loop delay is above this; 0 = off',
  }),
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION: Type.Number({
    minimum: 0,
    maximum: 1,
    default: 0,
    description: 'Answer 503 while event-loop utilisation is above this (0–1); 0 = off',
  }),
  PRESSURE_MAX_HEAP_USED_BYTES: Type.Integer({ minimum: 0, default: 0, description: '0 = off' }),
  PRESSURE_MAX_RSS_BYTES: Type.Integer({ minimum: 0, default: 0, description: '0 = off' }),
  PRESSURE_RETRY_AFTER_S: Type.Integer({ minimum: 1, maximum: 3600, default: 10 }),
  SHUTDOWN_GRACE_MS: Type.Integer({
    minimum: 1000,
    maximum: 300_000,
    default: 15_000,
    description: 'On SIGTERM, how long in-flight requests may finish before the process exits anyway',
  }),
});

export type Config = Static<typeof ConfigSchema>;

/** Why a shared Redis needs an explicit KEY_HASH_SECRET: the start-up error says it in full. */
export const KEY_HASH_SECRET_REQUIRED =
  "Invalid configuration: KEY_HASH_SECRET must be set when REDIS_URL or REDIS_CLUSTER_NODES is. It keys the hash that names Slack tokens in Redis keys; unset, each process picks a random one, so replicas sharing this Redis would share nothing: no cached answers, no coalescing of identical Slack calls, and no Slack rate gates (together they would exceed Slack's limits and meet 429s). Set the same secret, at least 16 characters (e.g. `openssl rand -base64 32`), on every replica.";

/** Named ranges proxy-addr (Fastify's `trustProxy`) knows. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(item: string): boolean {
  if (NAMED_RANGES.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: a hop count, a list of addresses and CIDR ranges, or
 * false when unset. Throws a message naming the variable for anything else (`true` included: trusting
 * every hop would let any client choose its own address).
 */
export function trustProxySetting(value: string | undefined): number | string[] | false {
  if (value === undefined) return false;
  if (/^\d+$/.test(value.trim()) && Number(value) >= 1) return Number(value);
  const items = value.split(',').map((s) => s.trim());
  const bad = items.find((item) => !isAddressOrRange(item));
  if (bad !== undefined)
    throw new Error(
      `Invalid configuration: TRUST_PROXY must be a hop count (1 or more) or addresses and CIDR ranges separated by commas; ${JSON.stringify(bad.slice(0, 60))} is neither`,
    );
  return items;
}

/** An environment value as its variable's type: a number where the schema takes one, when it reads as one. */
function fromEnv(schema: TSchema, value: string): string | number {
  const numeric = schema.type === 'integer' || schema.type === 'number';
  return numeric && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
}

/** Every problem of a configuration, one per variable, in words (`PORT must be an integer from 0 to 65535`). */
function configProblems(data: unknown): string[] {
  const problems = new Map<string, string>();
  for (const error of Value.Errors(ConfigSchema, data))
    if (!problems.has(error.path)) problems.set(error.path, describeProblem('', mostSpecific(error)));
  return [...problems.values()];
}

/** Validates an environment once; a bad value throws an error that names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Only the variables we know, numbers as numbers, defaults filled in.
  const data: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(ConfigSchema.properties)) {
    const value = env[name];
    if (value !== undefined && value !== '') data[name] = fromEnv(schema, value);
  }
  const secretGiven = data.KEY_HASH_SECRET !== undefined;
  const config = Value.Default(ConfigSchema, data) as Config;
  const problems = configProblems(config);
  if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join(', ')}`);
  const sharedRedis = config.REDIS_URL !== undefined || config.REDIS_CLUSTER_NODES !== undefined;
  if (sharedRedis && !secretGiven) throw new Error(KEY_HASH_SECRET_REQUIRED);
  if (config.REDIS_URL !== undefined && config.REDIS_CLUSTER_NODES !== undefined)
    throw new Error(
      'Invalid configuration: set REDIS_URL (one Redis) or REDIS_CLUSTER_NODES (a Redis Cluster), not both',
    );
  if (config.REDIS_CLUSTER_NODES !== undefined) parseClusterNodes(config.REDIS_CLUSTER_NODES);
  mcpOriginPolicy(config);
  trustProxySetting(config.TRUST_PROXY);
  signInSettings(config);
  return config;
}

/** The /mcp Origin and Host policy of a configuration; throws a message naming the bad setting. */
export const mcpOriginPolicy = (config: Config) =>
  originPolicy(config.MCP_ALLOWED_ORIGINS, config.MCP_ALLOWED_HOSTS, config.HOST);

/** For entry points: a start-up error's message (it names the variable to fix) on stderr, and exit 1. */
export function exitWithMessage(err: unknown): never {
  console.error((err as Error).message);
  process.exit(1);
}

/** For entry points: the configuration from the environment, or the message naming the bad variable and exit 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    return exitWithMessage(err);
  }
}

/** A configuration with every default, for tests and the demo. */
export function defaultConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), ...overrides };
}
