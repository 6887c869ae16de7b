import type { Cached, CacheStatus } from '../cache/types.js';
import type { ThreadBody, ThreadRepliesParams } from '../schemas/threads.js';
import { dropTrailingToFit } from '../slack/byte-cap.js';
import { dedupeByTs, toConciseThreadMessage } from '../slack/format-thread.js';
import { readNextCursor } from '../slack/next-cursor.js';
import { staleNote, threadSummary } from '../slack/summary.js';
import type { SlackMessage } from '../slack/types.js';
import { type Surface, WORDING, type Wording } from '../slack/wording.js';
import type { SlackAccess, SlackBody, SlackIdentity } from '../slack-client/types.js';
import type { PipelineDeps } from './pipeline-deps.js';

/** The body without its summary: concise messages, or Slack's own body. */
function formatThread(fetched: Cached<SlackBody>, params: ThreadRepliesParams, me: SlackIdentity) {
  const { value } = fetched;
  const nextCursor = readNextCursor(value);
  const hasMore = Boolean(value.has_more) && nextCursor !== undefined;
  const raw = (value.messages as SlackMessage[] | undefined) ?? [];
  const concise = params.response_format === 'concise';
  const list: unknown[] = concise
    ? dedupeByTs(raw, Boolean(params.cursor)).map((m) =>
        toConciseThreadMessage(m, { workspaceUrl: me.url, channel: params.channel }),
      )
    : raw.slice();
  const body: Record<string, unknown> = concise
    ? { ok: true, messages: list, has_more: hasMore }
    : { ...value, messages: list };
  if (concise && nextCursor) body.response_metadata = { next_cursor: nextCursor };
  return { body, list, hasMore };
}

/** Sets the summary, then drops trailing messages until the body fits the byte cap (and says so). */
function summariseWithinBudget(
  body: Record<string, unknown>,
  list: unknown[],
  hasMore: boolean,
  notes: string[],
  wording: Wording,
  maxBytes: number,
) {
  const summarise = (capNote?: string) => {
    body.summary = threadSummary(list.length, hasMore, capNote ? [...notes, capNote] : notes);
  };
  summarise();
  dropTrailingToFit(body, list, maxBytes, (dropped) => {
    const last = (list[list.length - 1] as { ts?: string } | undefined)?.ts;
    const resume = last ? `; ${wording.threadResume(last)}` : '';
    summarise(`${dropped} messages were left out to keep the response under ${maxBytes} bytes${resume}.`);
  });
}

/** conversations.replies for the caller: fetch, format, summary, byte cap; the answer is cached whole. */
export async function threadReplies(
  deps: PipelineDeps,
  access: SlackAccess,
  params: ThreadRepliesParams,
  surface: Surface,
): Promise<{ body: ThreadBody; cache: CacheStatus }> {
  const { slack, answers } = deps;
  const key = answers.key('conversations.replies', slack.identityOf(access), { surface, params });
  const [me, answer] = await Promise.all([slack.whoAmI(access), answers.get<ThreadBody>(key)]);
  if (answer) return { body: answer, cache: 'HIT' };

  const { channel, ts, limit, cursor, oldest, latest, inclusive } = params;
  const fetched = await slack.replies(access, { channel, ts, limit, cursor, oldest, latest, inclusive });
  const notes = fetched.status === 'STALE' ? [staleNote(fetched.ageMs)] : [];
  const { body, list, hasMore } = formatThread(fetched, params, me);
  summariseWithinBudget(body, list, hasMore, notes, WORDING[surface], deps.maxResponseBytes);
  await answers.set(key, body, [fetched]);
  return { body: body as ThreadBody, cache: fetched.status };
}
