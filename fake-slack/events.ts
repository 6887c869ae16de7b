import { createHmac } from 'node:crypto';

/** Slack's v0 signature of a request body: HMAC-SHA256 of `v0:<timestamp>:<body>` with the signing secret. */
export const slackSignature = (secret: string, timestamp: number, body: string) =>
  `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;

export interface SignedEventOptions {
  /** Unix seconds. @default now */
  timestamp?: number;
  /** Sign with another secret (a forgery). */
  secret?: string;
  /** Redelivery count (`X-Slack-Retry-Num`), as Slack sends after an unacknowledged delivery. */
  retryNum?: number;
}

/**
 * Delivers an Events API payload to a Request URL as Slack does: JSON, signed (X-Slack-Request-Timestamp,
 * X-Slack-Signature). Returns the status and body the app answered.
 */
export async function deliverEvent(
  url: string,
  signingSecret: string,
  payload: unknown,
  options: SignedEventOptions = {},
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(payload);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': slackSignature(options.secret ?? signingSecret, timestamp, body),
      ...(options.retryNum === undefined
        ? {}
        : { 'x-slack-retry-num': String(options.retryNum), 'x-slack-retry-reason': 'http_timeout' }),
    },
    body,
  });
  return { status: res.status, body: await res.text() };
}

/** `tokens_revoked` as Slack sends it: the user ids whose tokens were revoked, under `tokens.oauth`. */
export const tokensRevokedEvent = (teamId: string, userIds: string[], appId = 'A07DEMOAPP1') => ({
  token: 'verification-token-unused',
  team_id: teamId,
  api_app_id: appId,
  event: { type: 'tokens_revoked', tokens: { oauth: userIds, bot: [] }, event_ts: `${Date.now() / 1000}` },
  type: 'event_callback',
  event_id: `Ev${Date.now().toString(36).toUpperCase()}`,
  event_time: Math.floor(Date.now() / 1000),
});

/** `app_uninstalled`: every token of the workspace is gone. */
export const appUninstalledEvent = (teamId: string, appId = 'A07DEMOAPP1') => ({
  token: 'verification-token-unused',
  team_id: teamId,
  api_app_id: appId,
  event: { type: 'app_uninstalled', event_ts: `${Date.now() / 1000}` },
  type: 'event_callback',
  event_id: `Ev${Date.now().toString(36).toUpperCase()}`,
  event_time: Math.floor(Date.now() / 1000),
});
