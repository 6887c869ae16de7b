import type { ConciseMatch } from '../schemas/slack.js';
import { renderHighlights } from './highlight.js';
import { messageContent } from './message-content.js';
import { buildPermalink, threadTsFromPermalink } from './permalink.js';
import { truncateText } from './truncate-text.js';
import type { SlackMatch } from './types.js';

export interface FormatContext {
  /** auth.test's `url`, for matches Slack sent without a permalink. */
  workspaceUrl: string;
  maxTextChars?: number;
}

const matchThreadTs = (m: SlackMatch) => m.thread_ts ?? threadTsFromPermalink(m.permalink);

/** Only what an agent needs from a match: ~330 bytes where Slack's match object is 2 KB or more. */
export function toConciseMatch(m: SlackMatch, ctx: FormatContext): ConciseMatch {
  const channelId = m.channel?.id ?? '';
  const isDm = Boolean(m.channel?.is_im || m.channel?.is_mpim);
  const threadTs = matchThreadTs(m);
  const concise: ConciseMatch = {
    channel_id: channelId,
    channel_name: isDm ? null : (m.channel?.name ?? null),
    user_id: m.user ?? null,
    username: m.username ?? null,
    ts: m.ts,
    text: truncateText(renderHighlights(messageContent(m)), ctx.maxTextChars),
    permalink: m.permalink || buildPermalink(ctx.workspaceUrl, channelId, m.ts, threadTs),
  };
  if (threadTs) concise.thread_ts = threadTs;
  return concise;
}

/** Keeps matches whose score, relative to the best score in the answer, reaches `minScore`. */
export function applyMinScore(matches: SlackMatch[], minScore?: number): SlackMatch[] {
  if (!minScore) return matches;
  const best = Math.max(0, ...matches.map((m) => m.score ?? 0));
  if (best <= 0) return matches;
  return matches.filter((m) => (m.score ?? 0) / best >= minScore);
}

/** Keeps the best-scoring match of each thread (an unthreaded message is its own thread), in order. */
export function dedupeThreads(matches: SlackMatch[]): SlackMatch[] {
  const best = new Map<string, SlackMatch>();
  for (const m of matches) {
    const key = `${m.channel?.id}:${matchThreadTs(m) ?? m.ts}`;
    const kept = best.get(key);
    if (!kept || (m.score ?? 0) > (kept.score ?? 0)) best.set(key, m);
  }
  const keep = new Set(best.values());
  return matches.filter((m) => keep.has(m));
}
