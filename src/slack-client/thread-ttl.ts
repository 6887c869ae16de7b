import type { SlackBody } from './types.js';

/**
 * A thread quiet for days can be cached far longer than one with a reply a minute ago: the TTL is a tenth
 * of the time since the last activity, kept between the configured bounds.
 */
export function threadTtlMs(body: SlackBody, now: number, minMs: number, maxMs: number): number {
  const messages = (body.messages as Array<{ ts?: string; latest_reply?: string }> | undefined) ?? [];
  let latest = 0;
  for (const m of messages) latest = Math.max(latest, Number(m.ts ?? 0), Number(m.latest_reply ?? 0));
  if (!latest) return minMs;
  const quietMs = Math.max(0, now - latest * 1000);
  return Math.min(maxMs, Math.max(minMs, Math.round(quietMs / 10)));
}
