import type { BudgetCut } from './llm-budget.js';

export interface SearchSummaryInput {
  total: number;
  /** `total` is a lower bound (Slack's real-time search reports none): "at least N". */
  atLeast?: boolean;
  returned: number;
  hasMore: boolean;
  /** Extra sentences: merged searches, dropped matches, stale data. */
  notes?: string[];
  /** Concise bodies end with a hint on how to get full details; detailed ones do not. */
  hint?: string;
}

export function searchSummary({
  total,
  atLeast,
  returned,
  hasMore,
  notes = [],
  hint,
}: SearchSummaryInput): string {
  let s = `Found ${total} ${total === 1 ? 'message' : 'messages'}`;
  if (total > returned) s += `, showing ${returned}`;
  s += '.';
  if (atLeast) s += ` At least ${total} match (Slack's real-time search reports no total).`;
  if (hasMore) s += ' Use next_cursor for more results.';
  return [s, ...notes, ...(hint ? [hint] : [])].join(' ');
}

const FOUND = /^Found (at least )?(\d+) ([a-z]+?)s?(, showing (\d+))?\./;

/**
 * A `Found N things[, showing M].` summary (searchSummary's and the find reads') told that `removed` of the
 * things shown were withheld after it was written: both counts lessened. Other summaries are returned as they are.
 */
export function recountFound(summary: string, removed: number): string {
  const m = FOUND.exec(summary);
  if (!m) return summary;
  const total = Math.max(0, Number(m[2]) - removed);
  const shown = m[5] === undefined ? total : Math.max(0, Number(m[5]) - removed);
  const noun = `${m[3]}${total === 1 ? '' : 's'}`;
  const head = `Found ${m[1] ?? ''}${total} ${noun}${total > shown ? `, showing ${shown}` : ''}.`;
  return head + summary.slice(m[0].length);
}

/** The concise search summary's last hint; compact text leaves it out. */
export const DETAILED_HINT = 'Full Slack objects: response_format=detailed.';

/**
 * How to get more than the concise body gives: a whole thread when a match is in one, what was said around
 * a match, Slack's own objects. The caller's phrases say how, on its front end.
 */
export function conciseSearchHint(
  hasThreadedMatch: boolean,
  ways: { wholeThread: string; aroundMatch: string },
  hasMatch = true,
): string {
  const hints = [hasThreadedMatch ? ways.wholeThread : '', hasMatch ? ways.aroundMatch : '', DETAILED_HINT];
  return hints.filter(Boolean).join(' ');
}

export interface ThreadSummaryInput {
  /** Messages in the whole thread (the parent's reply_count + 1), when known. */
  total?: number;
  /** 1-based position of this page's first message in the thread read, when known. */
  from?: number;
  returned: number;
  hasMore: boolean;
  notes?: string[];
}

/** "Found 42 messages in thread (showing 1–15)." — the count from the parent's reply_count. */
export function threadSummary({ total, from, returned, hasMore, notes = [] }: ThreadSummaryInput): string {
  const found = Math.max(total ?? 0, returned);
  let s = `Found ${found} ${found === 1 ? 'message' : 'messages'} in thread`;
  if (from !== undefined && returned > 0 && (from > 1 || returned < found)) {
    s += returned === 1 ? ` (showing ${from})` : ` (showing ${from}–${from + returned - 1})`;
  }
  s += `.${hasMore ? ' Use next_cursor for more results.' : ''}`;
  return [s, ...notes].join(' ');
}

/** What fitting the body into MAX_RESPONSE_BYTES did, as a sentence; undefined when it did nothing. */
export function budgetNote(
  cut: BudgetCut,
  maxBytes: number,
  item: 'match' | 'message',
  advice: string,
): string | undefined {
  if (!cut.cut && !cut.dropped) return undefined;
  const items = item === 'match' ? 'matches were' : 'messages were';
  const parts = [
    cut.cut ? `${cut.cut} message ${cut.cut === 1 ? 'text was' : 'texts were'} cut` : '',
    cut.dropped ? `${cut.dropped} ${cut.dropped === 1 ? `${item} was` : items} left out` : '',
  ].filter(Boolean);
  return `${parts.join(' and ')} to keep the response under ${maxBytes} bytes; ${advice}.`;
}

export function staleNote(ageMs: number): string {
  const seconds = Math.round(ageMs / 1000);
  const age = seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
  return `Slack is unavailable or rate limited: these results were cached ${age} ago and may be out of date.`;
}

/** How many texts the max_text_chars cap cut, and how to read them whole; undefined when none. */
export function textCapNote(cut: number, maxChars: number, whole: string): string | undefined {
  if (!cut) return undefined;
  return `${cut} message ${cut === 1 ? 'text was' : 'texts were'} cut at ${maxChars} characters; ${whole}.`;
}

/** Slack's page size for apps outside the Marketplace (conversations.replies and .history). */
export const NON_MARKETPLACE_LIMIT = 15;

/** Says so when Slack sent a short page with more to come: the non-Marketplace cap of 15, not the end. */
export function pageCapNote(sent: number, limit: number, hasMore: boolean): string | undefined {
  if (!hasMore || sent >= limit || sent > NON_MARKETPLACE_LIMIT) return undefined;
  return `Slack sent ${sent} messages where the limit was ${limit}: apps outside the Slack Marketplace get at most ${NON_MARKETPLACE_LIMIT} a page.`;
}

/** `2026-03-10 09:12 UTC` for a Slack ts. */
export const utcMinute = (ts: string) =>
  `${new Date(Number(ts) * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export interface HistorySummaryInput {
  /** `#deploys`, or the id when the name is unknown. */
  channel: string;
  /** The page's timestamps, in any order. */
  ts: string[];
  hasMore: boolean;
  /** True when the page was read forward from `oldest`: next_cursor then gives newer messages. */
  forward: boolean;
  notes?: string[];
}

/** "12 messages from #deploys between 2026-03-10 09:12 UTC and 2026-03-10 14:30 UTC, newest first." */
export function historySummary({ channel, ts, hasMore, forward, notes = [] }: HistorySummaryInput): string {
  const sorted = [...ts].sort((a, b) => Number(a) - Number(b));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  let s: string;
  if (first === undefined || last === undefined) s = `No messages from ${channel} in this window.`;
  else if (sorted.length === 1) s = `1 message from ${channel} at ${utcMinute(first)}.`;
  else
    s = `${sorted.length} messages from ${channel} between ${utcMinute(first)} and ${utcMinute(last)}, newest first.`;
  if (hasMore) s += ` Use next_cursor for ${forward ? 'newer' : 'older'} messages.`;
  return [s, ...notes].join(' ');
}

export interface ContextSummaryInput {
  /** `#deploys`, or the id. */
  channel: string;
  channelId: string;
  /** The linked message's author and ts, when it was found. */
  message?: { userName: string | null; ts: string };
  /** True when the linked message is a thread reply (before/after are then around its root). */
  reply: boolean;
  /** Timestamps of the channel messages shown before and after, oldest first. */
  before: string[];
  after: string[];
  /** The channel-level ts the neighbours are around (the message, or a reply's root). */
  around: string;
  /** Whether the channel has more messages beyond those shown, on each side. */
  moreBefore: boolean;
  moreAfter: boolean;
  /** The thread shown, if any: its root ts, whether it goes on past the page, and how many of the page's messages the byte budget left out. */
  thread?: { ts: string; hasMore: boolean; leftOut: number };
  notes: string[];
  /** How to read on, on the caller's front end. */
  ways: ContextWays;
}

/** How to read more of a channel or a thread, as the context read's front end says it. */
export interface ContextWays {
  /** A channel's messages before (`latest`) or after (`oldest`) a ts. */
  channelFrom: (channel: string, bound: 'latest' | 'oldest', ts: string) => string;
  /** A thread from its start. */
  threadFrom: (channel: string, threadTs: string) => string;
  /** The rest of a thread whose first page was shown. */
  threadRest: (channel: string, threadTs: string) => string;
}

const count = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`;

/** What the context read holds and how to read further, in a few sentences. */
export function contextSummary(input: ContextSummaryInput): string {
  const { channel, channelId, message, reply, before, after, ways } = input;
  const what = reply ? 'reply' : 'message';
  const who = message?.userName ? ` by @${message.userName}` : '';
  const head = message
    ? `The ${what}${who} at ${utcMinute(message.ts)} in ${channel}`
    : `The linked reply in ${channel} is past the first page of its thread`;
  const around = reply ? "its thread's root" : 'it';
  const parts = [
    `${head}, with ${count(before.length)} before ${around} and ${after.length} after, oldest first.`,
  ];
  const first = before[0] ?? input.around;
  const last = after[after.length - 1] ?? input.around;
  const more = [
    input.moreBefore ? `earlier: ${ways.channelFrom(channelId, 'latest', first)}` : '',
    input.moreAfter ? `later: ${ways.channelFrom(channelId, 'oldest', last)}` : '',
  ].filter(Boolean);
  if (more.length) parts.push(`More of the channel: ${more.join('; ')}.`);
  const { thread } = input;
  if (thread?.leftOut) {
    parts.push(
      `${thread.leftOut} of its thread's messages did not fit in thread: ${ways.threadFrom(channelId, thread.ts)}.`,
    );
  } else if (thread) {
    parts.push(
      thread.hasMore
        ? `Its thread's first page is in thread; the rest: ${ways.threadRest(channelId, thread.ts)}.`
        : 'Its whole thread is in thread.',
    );
  }
  return [...parts, ...input.notes].join(' ');
}
