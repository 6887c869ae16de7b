import type { ConciseMatch } from '../schemas/slack.js';
import { readConversation } from './conversation-name.js';
import type { ReadNames } from './mrkdwn.js';
import { buildPermalink, threadTsFromPermalink } from './permalink.js';
import { readMessageText } from './read-message.js';
import { readTs, readUserId } from './read-slack-body.js';
import { filled, num, type SlackObject, str } from './slack-values.js';

export interface FormatContext {
  /** auth.test's `url`, for matches Slack sent without a permalink. */
  workspaceUrl: string;
  /** Users' (and channels') names for `@U…` and `#C…`. */
  names?: ReadNames;
  /** The token's user: a DM the viewer did not write is with its author. */
  viewerId?: string;
  /**
   * Real-time Search sends no `username`: the author's handle is then the one the directory (`names`) holds,
   * as search.messages would have sent it.
   */
  handleFromNames?: boolean;
}

const matchThreadTs = (m: SlackObject) => filled(m.thread_ts) ?? threadTsFromPermalink(str(m.permalink));

/** Only what an agent needs from a match: ~330 bytes where Slack's match object is 2 KB or more. */
export function toConciseMatch(m: SlackObject, ctx: FormatContext): ConciseMatch {
  const where = readConversation(m, ctx.names, ctx.viewerId);
  const ts = readTs(m, 'search.messages');
  const userId = readUserId(m);
  const threadTs = matchThreadTs(m);
  // The concise contract (docs/concise-format.md): `username` is Slack's handle of the author, as sent (on
  // Real-time Search, which sends none, the one our directory names), and `channel_name` is null for DMs,
  // which readers tell by it; our additions come after.
  const handle = ctx.handleFromNames && userId ? ctx.names?.users?.get(userId) : undefined;
  const username = str(m.username) ?? (handle || null);
  const concise: ConciseMatch = {
    channel_id: where.id,
    channel_name: where.name,
    user_id: userId,
    username,
    ts,
    text: readMessageText(m, ctx.names),
    permalink: filled(m.permalink) ?? buildPermalink(ctx.workspaceUrl, where.id, ts, threadTs),
    ...(threadTs ? { thread_ts: threadTs } : {}),
    user_name: (userId && ctx.names?.users?.get(userId)) || filled(username) || null,
    ...(where.label ? { conversation_label: where.label } : {}),
  };
  return concise;
}

const scoreOf = (m: SlackObject) => num(m.score) ?? 0;

/** Keeps matches whose score, relative to the best score in the answer, reaches `minScore`. */
export function applyMinScore(matches: SlackObject[], minScore?: number): SlackObject[] {
  if (!minScore) return matches;
  const best = Math.max(0, ...matches.map(scoreOf));
  if (best <= 0) return matches;
  return matches.filter((m) => scoreOf(m) / best >= minScore);
}

/** Keeps the best-scoring match of each thread (an unthreaded message is its own thread), in order. */
export function dedupeThreads(matches: SlackObject[]): SlackObject[] {
  const best = new Map<string, SlackObject>();
  for (const m of matches) {
    const key = `${readConversation(m).id}:${matchThreadTs(m) ?? readTs(m, 'search.messages')}`;
    const kept = best.get(key);
    if (!kept || scoreOf(m) > scoreOf(kept)) best.set(key, m);
  }
  const keep = new Set(best.values());
  return matches.filter((m) => keep.has(m));
}
