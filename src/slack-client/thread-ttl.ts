import type { SlackBody } from './types.js';

const epochSeconds = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? Number(v) || 0 : 0);

/**
 * A thread quiet for days can be cached far longer than one with a reply a minute ago: the TTL is a tenth
 * of the time since the last activity, kept between the configured bounds. Read from a body not yet
 * checked (the pipeline's reader refuses a malformed one), so anything unexpected counts as no activity.
 */
export function threadTtlMs(body: SlackBody, now: number, minMs: number, maxMs: number): number {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  let latest = 0;
  for (const m of messages) {
    if (typeof m !== 'object' || m === null) continue;
    const { ts, latest_reply } = m as { ts?: unknown; latest_reply?: unknown };
    latest = Math.max(latest, epochSeconds(ts), epochSeconds(latest_reply));
  }
  if (!latest) return minMs;
  const quietMs = Math.max(0, now - latest * 1000);
  return Math.min(maxMs, Math.max(minMs, Math.round(quietMs / 10)));
}
