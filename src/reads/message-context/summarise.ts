import type { BudgetCut } from '../../slack/llm-budget.js';
import type { SlackObject } from '../../slack/slack-values.js';
import { budgetNote, contextSummary } from '../../slack/summary.js';
import { channelLabel } from '../../slack-search/resolve-channel.js';
import type { Wording } from '../wording.js';
import type { Around } from './fetch-around.js';
import { contextWays } from './wording.js';

/** What the answer shows, in the order the byte budget gives way (the message, nearest neighbours first, the thread). */
export interface ContextView {
  message: SlackObject | null;
  before: SlackObject[];
  after: SlackObject[];
  moreBefore: boolean;
  moreAfter: boolean;
  /** The linked message is a thread reply (before/after are then around its root). */
  reply: boolean;
  threadMessages: SlackObject[];
  /** The texts max_text_chars applies to. */
  shown: Array<{ text: string }>;
  items: SlackObject[];
}

interface SummaryParts {
  body: Record<string, unknown>;
  view: ContextView;
  around: Around;
  channelName: string | null;
  /** The channel-level ts the neighbours are around. */
  anchor: string;
  wording: Wording;
  maxBytes: number;
}

/**
 * The summary, once the byte budget has cut: messages it leaves out leave the body too, and the summary
 * says what is shown and how to read further.
 */
export function summariseContext({
  body,
  view,
  around,
  channelName,
  anchor,
  wording,
  maxBytes,
}: SummaryParts) {
  const { threadRead } = around;
  const channelId = body.channel_id as string;
  return (cut: BudgetCut) => {
    const left = new Set(view.items);
    const kept = (list: unknown[]) => list.filter((m) => left.has(m as SlackObject));
    body.before = kept(body.before as SlackObject[]);
    body.after = kept(body.after as SlackObject[]);
    if (view.message && !view.items.includes(view.message)) body.message = null;
    const threadKept = kept(view.threadMessages);
    if (threadRead) (threadRead.body as { messages: unknown[] }).messages = threadKept;
    const shown = (list: unknown) => (list as SlackObject[]).map((m) => String(m.ts));
    const found = body.message as { ts?: string; user_name?: string | null } | null;
    body.summary = contextSummary({
      channel: channelLabel({ id: channelId, name: channelName ?? undefined }),
      channelId,
      message: found?.ts ? { ts: found.ts, userName: found.user_name ?? null } : undefined,
      reply: view.reply,
      before: shown(body.before),
      after: shown(body.after),
      around: anchor,
      moreBefore: view.moreBefore || cut.dropped > 0,
      moreAfter: view.moreAfter || cut.dropped > 0,
      thread: threadRead
        ? {
            ts: String(view.threadMessages[0]?.ts ?? anchor),
            hasMore: threadRead.body.has_more === true,
            leftOut: view.threadMessages.length - threadKept.length,
          }
        : undefined,
      notes: [...around.notes, budgetNote(cut, maxBytes, 'message', 'ask for fewer before/after')].filter(
        (n): n is string => n !== undefined,
      ),
      ways: contextWays(wording),
    });
  };
}
