import { randomBytes } from 'node:crypto';

/** The Slack app the fake signs people in to (the one a manifest would create), and what it has issued. */
export interface FakeOAuthOptions {
  /** @default 'demo-client-id' */
  clientId?: string;
  /** @default 'demo-client-secret' */
  clientSecret?: string;
  /** Redirect URLs the app lists; undefined = any (the demo, where the port is chosen at start). */
  redirectUris?: string[];
  /** Token rotation on: user tokens expire after this many seconds and come with a refresh token. */
  tokenLifetimeS?: number;
  /** What a spent or unknown refresh token answers (Slack's name for it is not documented). @default 'invalid_refresh_token' */
  refreshError?: string;
  /** Where a refreshed user token comes: at the top level (token_type: user) or under authed_user. @default 'top-level' */
  refreshShape?: 'top-level' | 'authed_user';
}

export interface IssuedCode {
  userId: string;
  /** The workspace (T…) or organisation (E…, an org-wide install) the person signed in to. */
  realmId: string;
  scopes: string[];
  redirectUri: string;
  expiresAt: number;
}

export interface FakeOAuthState {
  clientId: string;
  clientSecret: string;
  redirectUris?: string[];
  tokenLifetimeS?: number;
  refreshError: string;
  refreshShape: 'top-level' | 'authed_user';
  appId: string;
  codes: Map<string, IssuedCode>;
  /** Refresh tokens: `used` once spent (single-use). */
  refreshTokens: Map<string, { userId: string; realmId: string; scopes: string[]; used: boolean }>;
  /** How many refresh grants Slack answered, successful or not. */
  refreshes: { ok: number; refused: number };
  exchanges: number;
}

export const randomPart = (bytes = 12) => randomBytes(bytes).toString('hex');

export function createOAuthState(options: FakeOAuthOptions = {}): FakeOAuthState {
  return {
    clientId: options.clientId ?? 'demo-client-id',
    clientSecret: options.clientSecret ?? 'demo-client-secret',
    redirectUris: options.redirectUris,
    tokenLifetimeS: options.tokenLifetimeS,
    refreshError: options.refreshError ?? 'invalid_refresh_token',
    refreshShape: options.refreshShape ?? 'top-level',
    appId: 'A07DEMOAPP1',
    codes: new Map(),
    refreshTokens: new Map(),
    refreshes: { ok: 0, refused: 0 },
    exchanges: 0,
  };
}
