import { createHmac, timingSafeEqual } from 'node:crypto';
import type { People } from './people.js';

/** Slack refuses to deliver, and we refuse to accept, a request more than five minutes off. */
export const MAX_SKEW_S = 300;

/** Why a request to /slack/events is not Slack's, or undefined when its v0 signature holds. */
export function signatureProblem(
  secret: string,
  headers: { timestamp?: string; signature?: string },
  rawBody: string,
  nowMs: number,
): string | undefined {
  const { timestamp, signature } = headers;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp))
    return 'X-Slack-Request-Timestamp is missing or not a number';
  if (!signature || !/^v0=[0-9a-f]{64}$/.test(signature))
    return 'X-Slack-Signature is missing or not v0=<hex>';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_S)
    return 'X-Slack-Request-Timestamp is more than five minutes from now (a replay?)';
  const expected = Buffer.from(
    `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? undefined
    : 'X-Slack-Signature does not match the body';
}

/** What an event did, for the log line and the answer. */
export type EventOutcome =
  | { kind: 'challenge'; challenge: string }
  | { kind: 'handled'; event: string; people: number }
  | { kind: 'ignored'; event: string };

interface EventEnvelope {
  type?: unknown;
  challenge?: unknown;
  team_id?: unknown;
  event?: { type?: unknown; tokens?: { oauth?: unknown } };
}

/**
 * Slack's Events API, after the signature: `url_verification` answered; `tokens_revoked` ends the sign-ins of
 * the users it names, `app_uninstalled` those of the whole workspace. Idempotent (Slack redelivers what is
 * not acknowledged within 3 s): deleting a record twice is deleting it once.
 */
export async function handleEvent(payload: unknown, people: People): Promise<EventOutcome> {
  const envelope = (payload ?? {}) as EventEnvelope;
  if (envelope.type === 'url_verification' && typeof envelope.challenge === 'string')
    return { kind: 'challenge', challenge: envelope.challenge };
  const type =
    typeof envelope.event?.type === 'string'
      ? envelope.event.type.slice(0, 64)
      : String(envelope.type ?? '').slice(0, 64);
  const teamId = typeof envelope.team_id === 'string' ? envelope.team_id : undefined;
  if (envelope.type !== 'event_callback' || !teamId) return { kind: 'ignored', event: type };
  if (type === 'app_uninstalled')
    return { kind: 'handled', event: type, people: await people.removeTeam(teamId) };
  if (type === 'tokens_revoked') {
    const users = envelope.event?.tokens?.oauth;
    const ids = Array.isArray(users)
      ? users.filter((u): u is string => typeof u === 'string').slice(0, 10_000)
      : [];
    for (const userId of ids) await people.remove(people.idOf(teamId, userId), teamId);
    return { kind: 'handled', event: type, people: ids.length };
  }
  return { kind: 'ignored', event: type };
}
