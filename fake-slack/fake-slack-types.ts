import type { FakeOAuthOptions, FakeOAuthState } from './oauth/oauth-state.js';
import type { ParsedCall } from './request-params.js';
import type { Organisation, Workspace } from './workspace-types.js';

/** `'none'`: like every recorded real body, no `next_cursor` at all; `cursor` is ignored, `page` pages. */
export type SearchCursorLocation = 'pagination' | 'paging' | 'response_metadata' | 'all' | 'none';

/** A body to answer a method with instead of the workspace's: fixed, or built from the call's params. */
export type CannedBody =
  | Record<string, unknown>
  | ((params: Record<string, string>) => Record<string, unknown>);

export interface RateBudget {
  limit: number;
  windowMs: number;
}

export interface FakeSlackOptions {
  /** @default createDemoWorkspace() */
  workspace?: Workspace;
  /** An Enterprise Grid organisation served beside `workspace` (its tokens, org-wide and per workspace). */
  organisation?: Organisation;
  /** More workspaces on the same Slack, each on its own (their tokens read only them). @default [] */
  workspaces?: Workspace[];
  /** @default '127.0.0.1' */
  host?: string;
  /** @default 0 (a random free port) */
  port?: number;
  /** Where search.messages puts `next_cursor` in cursor mode (Slack's docs and SDK disagree). @default 'pagination' */
  searchCursorLocation?: SearchCursorLocation;
  /** Continuation pages of conversations.replies start with the parent again. @default false */
  repliesRepeatParent?: boolean;
  /**
   * Per (team, method) budgets. `true` = Slack tier presets; an object = presets plus these overrides.
   * @default false
   */
  rateLimits?: boolean | Partial<Record<string, RateBudget>>;
  /** conversations.replies limited to 1/min (unless overridden in `rateLimits`) and `limit` clamped to 15. @default false */
  nonMarketplace?: boolean;
  /** `false` = search matches carry no `permalink`. @default true */
  includePermalinks?: boolean;
  /** The Slack app people sign in to (/oauth/v2/authorize, oauth.v2.access); token rotation when `tokenLifetimeS`. */
  oauth?: FakeOAuthOptions;
  /**
   * At most this many entries a users.list or conversations.list page, whatever the `limit` asked (Slack's
   * docs: fewer than the requested number may be returned before the end of the list). @default no cap
   */
  maxListPage?: number;
}

/** A request as the fake parsed it, and when it arrived. */
export interface RecordedCall extends ParsedCall {
  at: number;
}

export type Fault = {
  /** Slack method the fault applies to; undefined = any. */
  method?: string;
  /** @default 1 */
  times?: number;
} & (
  | {
      kind: 'ratelimit' /** Seconds; null = 429 without Retry-After. @default 1 */;
      retryAfter?: number | null;
    }
  | { kind: 'http'; status: number }
  | { kind: 'reset' }
  | { kind: 'non_json' }
  | { kind: 'error'; error: string; extra?: Record<string, unknown> }
  | { kind: 'delay'; ms: number }
);

export interface FakeSlack {
  /** `http://127.0.0.1:<port>/api/`, for `slackApiUrl`. */
  url: string;
  port: number;
  calls: RecordedCall[];
  count(method?: string): number;
  /** Clears recorded calls, queued faults and rate-limit windows. */
  reset(): void;
  inject(fault: Fault): void;
  /** Takes `userId` out of the channel, as Slack does when a member leaves or is removed. */
  removeMember(channelId: string, userId: string): void;
  /** From now on Slack answers this token `token_revoked`. */
  revokeToken(token: string): void;
  /** From now on Slack answers this token `token_expired` (as a rotating token past its 12 hours). */
  expireToken(token: string): void;
  /** The app's OAuth state: codes, refresh tokens, and how many refreshes Slack answered. */
  oauth: FakeOAuthState;
  /** Slack's sign-in page (`/oauth/v2/authorize`), on the fake's origin as on slack.com. */
  authorizeUrl: string;
  /**
   * Answers `method` with `body` (after the token, rate-limit and token-type checks) until `reset()`:
   * replays a recorded Slack body through the real client.
   */
  serveBody(method: string, body: CannedBody): void;
  close(): Promise<void>;
  workspace: Workspace;
  organisation: Organisation | undefined;
  workspaces: Workspace[];
}
