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
  event_id?: unknown;
  event_time?: unknown;
  challenge?: unknown;
  team_id?: unknown;
  enterprise_id?: unknown;
  is_enterprise_install?: unknown;
  authorizations?: unknown;
  event?: { type?: unknown; tokens?: { oauth?: unknown } };
}

/** Whether an event is about an org-wide install: said at the top level or in its first authorization. */
function orgWide(envelope: EventEnvelope): boolean {
  const [first] = Array.isArray(envelope.authorizations) ? envelope.authorizations : [];
  return (
    envelope.is_enterprise_install === true ||
    (first as { is_enterprise_install?: unknown })?.is_enterprise_install === true
  );
}

/** What handling an event needs: the people, and whether an event id is seen for the first time. */
export interface EventDeps {
  people: People;
  /** True the first time an event id is offered (kept across replicas), false after. */
  firstTime: (eventId: string) => Promise<boolean>;
}

/**
 * Slack's Events API, after the signature: `url_verification` answered; `tokens_revoked` ends the sign-ins of
 * the users it names, `app_uninstalled` those of the whole workspace (or, for an org-wide install, of the whole
 * organisation). A person's other workspaces stay. Each event id is handled once (Slack redelivers what is not
 * acknowledged within 3 s, and a signed body can be replayed within the five minutes), and only sign-ins older
 * than the event end: a person who signed in again after it stays signed in.
 */
export async function handleEvent(payload: unknown, deps: EventDeps): Promise<EventOutcome> {
  const { people } = deps;
  const envelope = (payload ?? {}) as EventEnvelope;
  if (envelope.type === 'url_verification' && typeof envelope.challenge === 'string')
    return { kind: 'challenge', challenge: envelope.challenge };
  const type =
    typeof envelope.event?.type === 'string'
      ? envelope.event.type.slice(0, 64)
      : String(envelope.type ?? '').slice(0, 64);
  const teamId = typeof envelope.team_id === 'string' ? envelope.team_id.slice(0, 64) : undefined;
  const enterpriseId =
    typeof envelope.enterprise_id === 'string' ? envelope.enterprise_id.slice(0, 64) : undefined;
  if (envelope.type !== 'event_callback' || !(teamId || enterpriseId))
    return { kind: 'ignored', event: type };
  if (type !== 'app_uninstalled' && type !== 'tokens_revoked') return { kind: 'ignored', event: type };
  const eventId = typeof envelope.event_id === 'string' ? envelope.event_id.slice(0, 100) : '';
  if (eventId && !(await deps.firstTime(eventId))) return { kind: 'ignored', event: `${type} (seen)` };
  // event_time is whole seconds: a sign-in within that second is taken as older (ending it is the safe side).
  const at =
    typeof envelope.event_time === 'number' ? (envelope.event_time + 1) * 1000 : Number.POSITIVE_INFINITY;
  if (type === 'app_uninstalled') {
    const installId = orgWide(envelope) ? enterpriseId : teamId;
    const ended = installId ? await people.removeTeam(installId, at) : 0;
    return { kind: 'handled', event: type, people: ended };
  }
  const users = envelope.event?.tokens?.oauth;
  const ids = Array.isArray(users)
    ? users.filter((u): u is string => typeof u === 'string').slice(0, 10_000)
    : [];
  // A user's workspace sign-in and, in an organisation, their org-wide one: which of the two Slack revoked is
  // not said, so both end (they sign in again).
  const installIds = [teamId, enterpriseId].filter((id): id is string => id !== undefined);
  let ended = 0;
  for (const userId of ids)
    for (const installId of installIds)
      ended += Number(await people.removeSignedInBefore(people.idOf(installId, userId), at));
  return { kind: 'handled', event: type, people: ended };
}
