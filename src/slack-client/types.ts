/** Who a Slack token belongs to, from auth.test. */
export interface SlackIdentity {
  userId: string;
  teamId: string;
  /** Workspace URL, e.g. https://acme.slack.com/ — used to build permalinks without another call. */
  url: string;
  /** The token's scopes (the `x-oauth-scopes` header), when Slack sent them. */
  scopes?: string[];
}

/** How one request reaches Slack. */
export interface SlackAccess {
  token: string;
  /** True when the caller sent X-Slack-Token (auth failures are then the caller's, 401, not ours, 502). */
  fromCaller: boolean;
  deadline: number;
}

// Slack bodies are passed through unchanged in `detailed` mode, so they stay loosely typed here.
export type SlackBody = Record<string, unknown> & { ok: boolean };
