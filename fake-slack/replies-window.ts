import { fail } from './slack-error.js';
import { tsMicros } from './workspace-index.js';
import type { WorkspaceMessage } from './workspace-types.js';

const NON_MARKETPLACE_LIMIT = 15;

/** A method's `limit`: its default when absent, clamped to 1–max (1–15 for non-Marketplace apps). */
export function readLimit(
  raw: string | undefined,
  nonMarketplace: boolean,
  { fallback, max }: { fallback: number; max: number },
): number {
  const parsed = Number.parseInt(raw ?? '', 10);
  const limit = Math.min(Math.max(Number.isNaN(parsed) ? fallback : parsed, 1), max);
  return nonMarketplace ? Math.min(limit, NON_MARKETPLACE_LIMIT) : limit;
}

/** conversations.replies' limit: default 1000, at most 1000. */
export const readRepliesLimit = (raw: string | undefined, nonMarketplace: boolean): number =>
  readLimit(raw, nonMarketplace, { fallback: 1000, max: 1000 });

function bound(raw: string | undefined, error: string, now: boolean): number | undefined {
  if (raw === undefined || raw === '' || (now && raw === 'now')) return undefined;
  const micros = tsMicros(raw);
  if (Number.isNaN(micros)) fail(error);
  return micros;
}

/** oldest/latest (exclusive unless `inclusive`) as a message filter (for replies: never the parent). */
export function timeFilter(params: Record<string, string>): (message: WorkspaceMessage) => boolean {
  const oldest = bound(params.oldest, 'invalid_ts_oldest', false);
  const latest = bound(params.latest, 'invalid_ts_latest', true);
  const inclusive = params.inclusive === 'true' || params.inclusive === '1';
  return (message) => {
    const at = tsMicros(message.ts);
    if (oldest !== undefined && (inclusive ? at < oldest : at <= oldest)) return false;
    return latest === undefined || (inclusive ? at <= latest : at < latest);
  };
}

/** Opaque like Slack's (`next_ts:<digits>` in base64, as in the documented example). */
export const encodeRepliesCursor = (ts: string): string =>
  Buffer.from(`next_ts:${ts.replace('.', '')}`).toString('base64');

/** Index in `replies` the cursor points at; invalid_cursor when it points at nothing. */
export function decodeRepliesCursor(cursor: string, replies: WorkspaceMessage[]): number {
  const at = replies.findIndex((reply) => encodeRepliesCursor(reply.ts) === cursor);
  if (at === -1) fail('invalid_cursor');
  return at;
}
