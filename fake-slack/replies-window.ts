import { fail } from './slack-error.js';
import { tsMicros } from './workspace-index.js';
import type { WorkspaceMessage } from './workspace-types.js';

const MAX_LIMIT = 1000;
const NON_MARKETPLACE_LIMIT = 15;

/** limit: default 1000, clamped to 1–1000 (1–15 for non-Marketplace apps). */
export function readRepliesLimit(raw: string | undefined, nonMarketplace: boolean): number {
  const parsed = Number.parseInt(raw ?? '', 10);
  const limit = Math.min(Math.max(Number.isNaN(parsed) ? MAX_LIMIT : parsed, 1), MAX_LIMIT);
  return nonMarketplace ? Math.min(limit, NON_MARKETPLACE_LIMIT) : limit;
}

function bound(raw: string | undefined, error: string, now: boolean): number | undefined {
  if (raw === undefined || raw === '' || (now && raw === 'now')) return undefined;
  const micros = tsMicros(raw);
  if (Number.isNaN(micros)) fail(error);
  return micros;
}

/** oldest/latest (exclusive unless `inclusive`) as a reply filter; applies to replies, never the parent. */
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
