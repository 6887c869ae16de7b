import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  Installation,
  InstallProvider,
  InstallURLOptions,
  Logger as SlackLogger,
  StateStore,
} from '@slack/oauth';
import type { WebClientOptions } from '@slack/web-api';
import type { FastifyBaseLogger } from 'fastify';
import { summariseSdkLog } from '../slack-client/client-pool.js';
import type { RecordNames } from './names.js';
import { randomSecret } from './names.js';
import type { People } from './people.js';
import type { RecordStore } from './record-store.js';
import { STATE_TTL_S } from './sessions.js';
import type { SignInSettings } from './settings.js';

/**
 * The user scopes our reads use (docs/slack-app-manifest.yml lists the same; a test holds them together):
 * search.messages and search.files, Real-time Search, replies and history, conversations.info/list,
 * users.info/list, files.info and downloads, usergroups.list, team.info (an org-wide token's workspace
 * domains). No bot scopes.
 */
export const USER_SCOPES = [
  'search:read',
  'search:read.public',
  'search:read.private',
  'search:read.im',
  'search:read.mpim',
  'search:read.files',
  'search:read.users',
  'channels:history',
  'groups:history',
  'im:history',
  'mpim:history',
  'channels:read',
  'groups:read',
  'im:read',
  'mpim:read',
  'users:read',
  'files:read',
  'usergroups:read',
  'team:read',
] as const;

/**
 * Which sign-in a Slack round trip serves: an MCP client's authorization (with what the person chose it may
 * read), the people's page, or a workspace added on it (to the person of the session that started it, named
 * by a keyed hash of that session's cookie: kept here, with the state, never sent to Slack or the browser).
 */
export type Flow =
  | { kind: 'mcp'; pending: string; scope?: string }
  | { kind: 'page' }
  | { kind: 'attach'; personId: string; session: string };

/** What Slack's callback came to. */
export type CallbackOutcome =
  | { ok: true; installation: Installation; flow: Flow }
  | { ok: false; reason: string; flow?: Flow };

/** What a refresh with a single-use refresh token came to. */
export type RefreshOutcome =
  | { kind: 'refreshed'; accessToken: string; refreshToken: string; expiresInS: number }
  | { kind: 'refused'; error: string }
  | { kind: 'unavailable'; error: string };

/** @slack/logger over ours: only the words before the first colon (no bodies, codes, tokens or secrets). */
function quietLogger(log: FastifyBaseLogger): SlackLogger {
  const line = (level: 'debug' | 'warn', m: unknown[]) => log[level]({ slack: summariseSdkLog(m) });
  return {
    debug: (...m) => line('debug', m),
    info: (...m) => line('debug', m),
    warn: (...m) => line('warn', m),
    error: (...m) => line('warn', m),
    setLevel: () => {},
    getLevel: () => 'debug' as ReturnType<SlackLogger['getLevel']>,
    setName: () => {},
  };
}

/** States as @slack/oauth wants them: random, single-use, ten minutes, in the shared store (any replica). */
class SharedStateStore implements StateStore {
  constructor(
    private readonly store: RecordStore,
    private readonly names: RecordNames,
  ) {}

  async generateStateParam(installOptions: InstallURLOptions): Promise<string> {
    const state = randomSecret();
    await this.store.set(
      this.names.of('slack-state', state),
      JSON.stringify(installOptions),
      STATE_TTL_S * 1000,
    );
    return state;
  }

  async verifyStateParam(_now: Date, state: string): Promise<InstallURLOptions> {
    const saved = await this.store.take(this.names.of('slack-state', state));
    if (saved === undefined) {
      const { InvalidStateError } = await import('@slack/oauth');
      throw new InvalidStateError('The sign-in link is used or older than ten minutes: start again');
    }
    return JSON.parse(saved) as InstallURLOptions;
  }
}

export interface SlackOAuthDeps {
  settings: SignInSettings;
  store: RecordStore;
  names: RecordNames;
  people: People;
  log: FastifyBaseLogger;
  slackApiUrl: string;
  timeoutMs: number;
  /** The cookie the callback's state is checked against (the jar's name for it). */
  stateCookie: string;
}

/**
 * Slack's side of signing in. `@slack/oauth`'s InstallProvider builds the authorize URL and handles the
 * callback (state and browser-cookie check, the `oauth.v2.access` code exchange, the Installation object,
 * storing it in `People`); refreshing and revoking are single `@slack/web-api` calls of ours, because
 * InstallProvider's `authorize()` refreshes a fixed two hours early and with no lock across replicas.
 */
export class SlackOAuth {
  #provider?: Promise<InstallProvider>;
  readonly #states: SharedStateStore;
  readonly #logger: SlackLogger;

  constructor(private readonly deps: SlackOAuthDeps) {
    this.#states = new SharedStateStore(deps.store, deps.names);
    this.#logger = quietLogger(deps.log.child({ component: 'slack-oauth' }));
  }

  #clientOptions(): WebClientOptions {
    return {
      slackApiUrl: this.deps.slackApiUrl,
      logger: this.#logger,
      timeout: this.deps.timeoutMs,
      rejectRateLimitedCalls: true,
      retryConfig: { retries: 1, factor: 1, minTimeout: 100, maxTimeout: 300 },
    };
  }

  // Loaded with the first sign-in, not at start (it loads @slack/web-api).
  #installer(): Promise<InstallProvider> {
    this.#provider ??= import('@slack/oauth').then(
      ({ InstallProvider }) =>
        new InstallProvider({
          clientId: this.deps.settings.clientId,
          clientSecret: this.deps.settings.clientSecret,
          stateStore: this.#states,
          stateCookieName: this.deps.stateCookie,
          stateCookieExpirationSeconds: STATE_TTL_S,
          installationStore: this.deps.people,
          authorizationUrl: this.deps.settings.slackAuthorizeUrl,
          logger: this.#logger,
          clientOptions: this.#clientOptions(),
        }),
    );
    return this.#provider;
  }

  /** Slack's sign-in page for this flow, and the state the browser must bring back in its state cookie. */
  async authorizeUrl(
    flow: Flow,
    redirectUri = this.deps.settings.slackRedirectUri,
  ): Promise<{ url: string; state: string }> {
    const options: InstallURLOptions = {
      scopes: [],
      userScopes: [...USER_SCOPES],
      redirectUri,
      metadata: JSON.stringify(flow),
    };
    const state = await this.#states.generateStateParam(options);
    const url = await (await this.#installer()).generateInstallUrl(options, true, state);
    return { url, state };
  }

  /**
   * Slack's redirect back: InstallProvider checks the state (single-use, this browser's) and exchanges the
   * code; the person is stored by then. Nothing is written to `res` but the state cookie's deletion.
   */
  async callback(req: IncomingMessage, res: ServerResponse): Promise<CallbackOutcome> {
    const installer = await this.#installer();
    return new Promise<CallbackOutcome>((resolve, reject) => {
      const flowOf = (options?: InstallURLOptions) =>
        options?.metadata ? (JSON.parse(options.metadata) as Flow) : undefined;
      installer
        .handleCallback(req, res, {
          successAsync: async (installation, options) =>
            resolve({ ok: true, installation, flow: flowOf(options) ?? { kind: 'page' } }),
          failureAsync: async (error, options) =>
            resolve({ ok: false, reason: reasonOf(error), flow: flowOf(options) }),
        })
        .catch(reject);
    });
  }

  /** The flow of a callback Slack sent with `error=access_denied` (a state of this browser's): single-use. */
  async cancelled(state: string): Promise<Flow | undefined> {
    try {
      const options = await this.#states.verifyStateParam(new Date(), state);
      return options.metadata ? (JSON.parse(options.metadata) as Flow) : undefined;
    } catch {
      return undefined;
    }
  }

  /** `oauth.v2.access` with grant_type=refresh_token: the old refresh token is spent either way. */
  async refresh(refreshToken: string): Promise<RefreshOutcome> {
    const { WebClient } = await import('@slack/web-api');
    const client = new WebClient(undefined, this.#clientOptions());
    try {
      const answer = (await client.oauth.v2.access({
        client_id: this.deps.settings.clientId,
        client_secret: this.deps.settings.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      })) as unknown as Record<string, unknown> & { authed_user?: Record<string, unknown> };
      // A user token's refresh comes at the top level (token_type: user); read authed_user as well.
      const from = typeof answer.access_token === 'string' ? answer : (answer.authed_user ?? {});
      const { access_token, refresh_token, expires_in } = from;
      if (
        typeof access_token !== 'string' ||
        typeof refresh_token !== 'string' ||
        typeof expires_in !== 'number'
      )
        return { kind: 'unavailable', error: 'oauth.v2.access answered without a refreshed token' };
      return {
        kind: 'refreshed',
        accessToken: access_token,
        refreshToken: refresh_token,
        expiresInS: expires_in,
      };
    } catch (err) {
      const e = err as { code?: string; data?: { error?: string } };
      if (e.code === 'slack_webapi_platform_error' && e.data?.error)
        return { kind: 'refused', error: e.data.error.slice(0, 64) };
      return { kind: 'unavailable', error: e.code ?? 'oauth.v2.access failed' };
    }
  }

  /** auth.revoke with the person's token (sign-out); a token Slack already refuses is as good as revoked. */
  async revoke(token: string): Promise<void> {
    const { WebClient } = await import('@slack/web-api');
    await new WebClient(token, this.#clientOptions()).auth.revoke().catch(() => {});
  }
}

/** A person-readable reason from @slack/oauth's errors, never a token or Slack body. */
function reasonOf(error: { code?: string; message?: string; original?: unknown }): string {
  const slackError = (error as { data?: { error?: string } }).data?.error;
  if (slackError) return `Slack refused the sign-in (${slackError.slice(0, 64)})`;
  switch (error.code) {
    case 'slack_oauth_invalid_state':
      return 'The sign-in link is used, older than ten minutes or from another browser: start again';
    case 'slack_oauth_missing_state':
    case 'slack_oauth_missing_code':
      return 'Slack sent the person back without a code or state: start again';
    case 'slack_oauth_installer_authorization_error':
      return 'The sign-in was cancelled on Slack';
    default:
      return 'Slack could not complete the sign-in: start again';
  }
}
