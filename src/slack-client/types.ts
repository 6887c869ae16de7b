/** Who a Slack token belongs to, from auth.test. */
export interface SlackIdentity {
  userId: string;
  teamId: string;
  /** Workspace URL, e.g. https://acme.slack.com/ — used to build permalinks without another call. */
  url: string;
  /** The token's scopes (the `x-oauth-scopes` header), when Slack sent them. */
  scopes?: string[];
  /** auth.test enterprise_id: the Grid organisation (E…), when the workspace or token belongs to one. */
  enterpriseId?: string;
  /** auth.test is_enterprise_install: an org-wide token (one token for every workspace the app is approved in). */
  orgWide?: boolean;
  /** auth.test `team`: the workspace's name (an org-wide token's: the organisation's). */
  teamName?: string;
}

/** A signed-in person's token: how the gateway names it and keeps it working. */
export interface PersonHooks {
  /** Names the person's sign-in in cache keys instead of the token: answers survive a token rotation. */
  identity: string;
  /** Slack answered token_expired: the token to retry with once (refreshed across replicas), or undefined. */
  renew: (expired: string) => Promise<string | undefined>;
  /** Slack refused the token for good (token_revoked, invalid_auth, account_inactive, or expired for good). */
  rejected: (slackError: string) => Promise<void>;
}

/** How one request reaches Slack. */
export interface SlackAccess {
  token: string;
  /** True when the token is the caller's own (auth failures are then the caller's, 401, not ours, 502). */
  fromCaller: boolean;
  deadline: number;
  /** Set when a signed-in person makes the request. */
  person?: PersonHooks;
  /** Told of each call to Slack made with this access (the audit counts a read's calls). */
  onSlackCall?: () => void;
  /** The workspace (T…) this access reads. An org-wide token sends it as `team_id` where Slack takes one. */
  teamId?: string;
}

/** One workspace a caller reads: its id, name, domain and the access that reads it. */
export interface Workspace {
  id: string;
  name: string;
  domain?: string;
  access: SlackAccess;
}

// Slack bodies are passed through unchanged in `detailed` mode, so they stay loosely typed here.
export type SlackBody = Record<string, unknown> & { ok: boolean };
