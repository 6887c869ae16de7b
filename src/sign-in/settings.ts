import { createHash } from 'node:crypto';

/** One key of TOKEN_ENCRYPTION_KEY (or an older one): its id names it in every sealed record. */
export interface SealingKey {
  id: string;
  key: Buffer;
}

/** The settings sign-in reads (the configuration has them; config.ts checks them with this module). */
export interface SignInConfig {
  PUBLIC_URL?: string;
  SLACK_CLIENT_ID?: string;
  SLACK_CLIENT_SECRET?: string;
  SLACK_SIGNING_SECRET?: string;
  TOKEN_ENCRYPTION_KEY?: string;
  TOKEN_ENCRYPTION_OLD_KEYS?: string;
  SLACK_API_URL: string;
  SIGN_IN_ACCESS_TOKEN_TTL_S: number;
  SIGN_IN_GRANT_TTL_S: number;
  SIGN_IN_ANONYMOUS_PER_ADDRESS: number;
  SIGN_IN_ANONYMOUS_TOTAL: number;
}

/** Sign in with Slack as the configuration sets it up; absent when it is off. */
export interface SignInSettings {
  /** PUBLIC_URL without a trailing slash: the OAuth issuer. */
  issuer: string;
  /** What a token for /mcp is bound to (RFC 8707), and what /mcp's protected resource metadata names. */
  mcpResource: string;
  /** The whole service as a resource (REST routes); a token bound to it works on /mcp too. */
  serviceResource: string;
  clientId: string;
  clientSecret: string;
  signingSecret?: string;
  /** The current key first (it seals), then the older ones (they only open). */
  keys: SealingKey[];
  /** Slack's sign-in page: SLACK_API_URL's origin + /oauth/v2/authorize. */
  slackAuthorizeUrl: string;
  /** Where Slack sends the person back (the manifest's redirect URL). */
  slackRedirectUri: string;
  /** Cookies carry `Secure` unless PUBLIC_URL is http on a loopback host. */
  secureCookies: boolean;
  accessTtlS: number;
  grantTtlS: number;
  /** What requests that sign nobody in may leave stored: per client address, and in total, per kind. */
  anonymous: { perAddress: number; total: number };
}

/** Where Slack sends a person back after its sign-in page, under PUBLIC_URL. */
export const SLACK_CALLBACK_PATH = '/oauth/slack/callback';

const REQUIRED = ['PUBLIC_URL', 'SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'TOKEN_ENCRYPTION_KEY'] as const;
/** Host names a PUBLIC_URL may use with http, and that the demo answers under one another. */
export const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export const keyIdOf = (key: Buffer) =>
  createHash('sha256').update('agent-search token key:').update(key).digest('base64url').slice(0, 8);

function readKey(value: string, name: string): SealingKey {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32 || key.toString('base64').replace(/=+$/, '') !== value.trim().replace(/=+$/, ''))
    throw new Error(
      `Invalid configuration: ${name} must be 32 random bytes in base64 (e.g. \`openssl rand -base64 32\`)`,
    );
  return { id: keyIdOf(key), key };
}

/**
 * The sign-in settings of a configuration: undefined when none of them is set; throws a message naming the
 * missing or bad variables when only some are.
 */
export function signInSettings(config: SignInConfig): SignInSettings | undefined {
  const missing = REQUIRED.filter((name) => config[name] === undefined);
  if (missing.length === REQUIRED.length) {
    if (config.SLACK_SIGNING_SECRET !== undefined || config.TOKEN_ENCRYPTION_OLD_KEYS !== undefined)
      throw new Error(
        `Invalid configuration: SLACK_SIGNING_SECRET and TOKEN_ENCRYPTION_OLD_KEYS serve Sign in with Slack, which also needs ${REQUIRED.join(', ')}`,
      );
    return undefined;
  }
  if (missing.length > 0)
    throw new Error(
      `Invalid configuration: Sign in with Slack needs ${REQUIRED.join(', ')}; missing ${missing.join(', ')}`,
    );
  const url = new URL(config.PUBLIC_URL as string);
  const loopback = LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !loopback)
    throw new Error(
      `Invalid configuration: PUBLIC_URL must be https (http only on localhost, 127.0.0.1 or [::1]); got ${url.origin}`,
    );
  const issuer = url.origin;
  const keys = [readKey(config.TOKEN_ENCRYPTION_KEY as string, 'TOKEN_ENCRYPTION_KEY')];
  for (const old of (config.TOKEN_ENCRYPTION_OLD_KEYS ?? '').split(',').filter((k) => k.trim()))
    keys.push(readKey(old, 'each of TOKEN_ENCRYPTION_OLD_KEYS'));
  return {
    issuer,
    mcpResource: `${issuer}/mcp`,
    serviceResource: `${issuer}/`,
    clientId: config.SLACK_CLIENT_ID as string,
    clientSecret: config.SLACK_CLIENT_SECRET as string,
    signingSecret: config.SLACK_SIGNING_SECRET,
    keys,
    slackAuthorizeUrl: new URL('/oauth/v2/authorize', config.SLACK_API_URL).href,
    slackRedirectUri: `${issuer}${SLACK_CALLBACK_PATH}`,
    secureCookies: !(url.protocol === 'http:' && loopback),
    accessTtlS: config.SIGN_IN_ACCESS_TOKEN_TTL_S,
    grantTtlS: config.SIGN_IN_GRANT_TTL_S,
    anonymous: { perAddress: config.SIGN_IN_ANONYMOUS_PER_ADDRESS, total: config.SIGN_IN_ANONYMOUS_TOTAL },
  };
}
