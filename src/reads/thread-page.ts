import type { Cached } from '../cache/types.js';
import type { ConciseThread, ThreadBody, ThreadRepliesParams } from '../schemas/thread.js';
import { dedupeByTs, toConciseThreadMessage } from '../slack/format-thread.js';
import { type BudgetCut, fitToBudget } from '../slack/llm-budget.js';
import { readRepliesBody } from '../slack/read-slack-body.js';
import { filled, num, type SlackObject } from '../slack/slack-values.js';
import { budgetNote, pageCapNote, staleNote, textCapNote, threadSummary } from '../slack/summary.js';
import { decodeThreadCursor, encodeThreadCursor, type ThreadCursor } from '../slack/thread-cursor.js';
import { capTexts } from '../slack/truncate-text.js';
import type { SlackAccess, SlackBody, SlackIdentity } from '../slack-client/types.js';
import { namesFor, TEXT_ACCESS } from '../slack-search/message-names.js';
import { maxResponseBytes, slackGateway } from './common-services.js';
import type { ServicesOf } from './services.js';
import { type Wording, wholeTexts } from './wording.js';

/** What reading a thread page takes (the thread and context reads add their own). */
export const threadPageServices = { slack: slackGateway, maxResponseBytes };
export type ThreadPageDeps = ServicesOf<typeof threadPageServices>;

/**
 * How to read on after `lastTs` when the byte cap cut a page short: on REST with `oldest`; the tool has no
 * `oldest`, so there a smaller page.
 */
const readOn = (w: Wording, lastTs: string) =>
  w.surface === 'rest' ? `continue with ${w.setting('oldest', lastTs)}` : 'ask for a smaller limit';

/** The thread's size from its parent: reply_count + 1. */
const threadSize = (messages: SlackObject[]) => {
  const parent = messages.find((m) => !filled(m.thread_ts) || m.thread_ts === m.ts);
  const replies = parent && num(parent.reply_count);
  return replies === undefined ? undefined : replies + 1;
};

/** The page's messages as the concise body gives them: names, not ids; a repeated parent once. */
async function conciseMessages(
  slack: ThreadPageDeps['slack'],
  access: SlackAccess,
  me: SlackIdentity,
  messages: SlackObject[],
  params: ThreadRepliesParams,
) {
  const names = await namesFor(slack, access, messages);
  return dedupeByTs(messages, Boolean(params.cursor)).map((m) =>
    toConciseThreadMessage(m, { workspaceUrl: me.url, channel: params.channel, names }),
  );
}

/** One page of a thread as the thread read answers it (a new object each time), and the Slack body it came from. */
export async function readThread(
  deps: ThreadPageDeps,
  access: SlackAccess,
  me: SlackIdentity,
  params: ThreadRepliesParams,
  wording: Wording,
): Promise<{ body: ThreadBody; fetched: Cached<SlackBody> }> {
  const { slack } = deps;
  const { channel, ts, limit, oldest, latest, inclusive } = params;
  // Positions count from the thread's start, so a window cut by oldest/latest shows none.
  const windowed = oldest !== undefined || latest !== undefined;
  const from: Partial<ThreadCursor> = params.cursor
    ? decodeThreadCursor(params.cursor)
    : { from: windowed ? undefined : 1 };
  const fetched = await slack.replies(access, {
    channel,
    ts,
    limit,
    cursor: from.cursor,
    oldest,
    latest,
    inclusive,
  });
  const read = readRepliesBody(fetched.value);
  const concise = params.response_format === 'concise';
  const total = threadSize(read.messages) ?? from.total;
  const list = concise
    ? await conciseMessages(slack, access, me, read.messages, params)
    : read.messages.map((m) => ({ ...m }));
  const capped = concise ? capTexts(list as ConciseThread['messages'], params.max_text_chars) : 0;
  const body: Record<string, unknown> = concise
    ? { ok: true, messages: list, has_more: read.hasMore }
    : { ...fetched.value, messages: list };
  if (concise && read.nextCursor) {
    const next = from.from === undefined ? undefined : from.from + list.length;
    body.response_metadata = {
      next_cursor: encodeThreadCursor({ cursor: read.nextCursor, from: next, total }),
    };
  }
  const notes = [
    fetched.status === 'STALE' ? staleNote(fetched.ageMs) : undefined,
    textCapNote(capped, params.max_text_chars, wholeTexts(wording)),
    pageCapNote(read.messages.length, limit, read.hasMore),
  ].filter((n): n is string => n !== undefined);
  const summarise = (cut: BudgetCut) => {
    const last = (list[list.length - 1] as { ts?: string } | undefined)?.ts;
    const advice = cut.dropped && last ? readOn(wording, last) : 'ask for a smaller limit';
    const note = budgetNote(cut, deps.maxResponseBytes, 'message', advice);
    body.summary = threadSummary({
      total,
      from: from.from,
      returned: list.length,
      hasMore: read.hasMore,
      notes: note ? [...notes, note] : notes,
    });
  };
  fitToBudget(body, list, deps.maxResponseBytes, TEXT_ACCESS, summarise);
  return { body: body as ThreadBody, fetched };
}
