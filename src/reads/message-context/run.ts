import type { Cached, CacheStatus } from '../../cache/types.js';
import { Errors } from '../../errors.js';
import type { ConciseThreadMessage } from '../../schemas/slack.js';
import { asChannelMessage, toConciseChannelMessage } from '../../slack/format-thread.js';
import { type BudgetCut, fitToBudget } from '../../slack/llm-budget.js';
import { otherWorkspace } from '../../slack/message-link.js';
import { type RepliesBodyRead, readRepliesBody } from '../../slack/read-slack-body.js';
import { num, type SlackObject } from '../../slack/slack-values.js';
import { budgetNote, contextSummary, pageCapNote, staleNote, textCapNote } from '../../slack/summary.js';
import { capTexts } from '../../slack/truncate-text.js';
import type { Surface } from '../../slack/wording.js';
import type { SlackAccess, SlackBody } from '../../slack-client/types.js';
import { namesFor, TEXT_ACCESS } from '../../slack-search/message-names.js';
import { channelLabel, resolveChannel } from '../../slack-search/resolve-channel.js';
import { worstStatus } from '../../slack-search/worst-status.js';
import type { ContextBody, MessageContextParams } from '../message-context/schemas.js';
import type { PipelineDeps } from '../read-deps.js';
import { readThread } from '../thread-replies/run.js';
import { withCompact } from '../with-compact.js';
import { WORDING } from '../wording.js';
import { compactContext } from './compact.js';
import { nearestFirst, optional, readTarget, required } from './context-parts.js';

/** Messages of the thread's first page shown with the linked message. */
export const CONTEXT_THREAD_PAGE = 20;

/** A message in context for the caller; compact is the concise answer (one cache entry) rendered as text. */
export const messageContext = withCompact(contextBody, compactContext);

/** The message, its channel neighbours and its thread's first page: at most three Slack calls, none when cached. */
async function contextBody(
  deps: PipelineDeps,
  access: SlackAccess,
  params: MessageContextParams,
  surface: Surface,
): Promise<{ body: ContextBody; cache: CacheStatus }> {
  const { slack, answers } = deps;
  const wording = WORDING[surface];
  const target = readTarget(params, wording);
  const key = answers.key('context', slack.identityOf(access), { surface, params });
  const [me, answer] = await Promise.all([slack.whoAmI(access), answers.get<ContextBody>(key)]);
  if (answer) return { body: answer, cache: 'HIT' };
  const own = target.linkHost && otherWorkspace(target.linkHost, me.url);
  if (target.linkHost && own) throw new Errors.WorkspaceMismatch(target.linkHost, own);

  const channel = await resolveChannel(slack, access, target.channel);
  const { before, after, response_format, max_text_chars } = params;
  const anchor = target.threadTs ?? target.ts;
  const history = (args: Record<string, unknown>) =>
    slack
      .history(access, { channel: channel.id, ...args })
      .then((c) => ({ c, read: readRepliesBody(c.value) }));
  const thread = (ts: string) =>
    readThread(
      deps,
      access,
      me,
      { channel: channel.id, ts, limit: CONTEXT_THREAD_PAGE, response_format, max_text_chars },
      surface,
    );

  // One history call per side asked; the side that holds the message itself must succeed.
  const withAnchor = before > 0 || after === 0;
  const earlier = withAnchor
    ? required(history({ latest: anchor, inclusive: true, limit: before + 1 }))
    : undefined;
  const laterCall =
    after > 0 && history({ oldest: anchor, inclusive: !withAnchor, limit: withAnchor ? after : after + 1 });
  const later = laterCall
    ? withAnchor
      ? optional(laterCall, 'Messages after it were')
      : required(laterCall)
    : undefined;
  const knownThread = target.threadTs ? optional(thread(target.threadTs), 'Its thread was') : undefined;
  const name = channel.name ?? slack.channelName(access, channel.id).catch(() => undefined);
  // When one call fails the request answers with that failure; the others' failures are then moot.
  for (const work of [earlier, later, knownThread]) work?.catch(() => undefined);

  const sources: Cached<SlackBody>[] = [];
  const notes: string[] = [];
  let partial = false;
  const raw = new Map<string, SlackObject>();
  const sides: Record<'earlier' | 'later', RepliesBodyRead | undefined> = {
    earlier: undefined,
    later: undefined,
  };
  const [e, l] = await Promise.all([earlier, later]);
  for (const [side, outcome, limit] of [
    ['earlier', e, before + 1],
    ['later', l, after],
  ] as const) {
    if (!outcome) continue;
    if ('skipped' in outcome) {
      notes.push(outcome.skipped);
      partial = true;
      continue;
    }
    sources.push(outcome.value.c);
    sides[side] = outcome.value.read;
    for (const m of outcome.value.read.messages) raw.set(String(m.ts), m);
    const cap = pageCapNote(outcome.value.read.messages.length, limit, outcome.value.read.hasMore);
    if (cap && !notes.includes(cap)) notes.push(cap);
  }
  const anchorMessage = raw.get(anchor);

  let threadOutcome = knownThread && (await knownThread);
  if (!threadOutcome && !anchorMessage) {
    // Not in the channel's history: a reply linked without its thread_ts, or no message at all.
    threadOutcome = await required(thread(target.ts)).catch((err: unknown) => {
      throw err instanceof Errors.SlackNotFound ? new Errors.SlackNotFound('message_not_found') : err;
    });
  } else if (!threadOutcome && (num(anchorMessage?.reply_count) ?? 0) > 0) {
    threadOutcome = await optional(thread(anchor), 'Its thread was');
  }
  if (threadOutcome && 'skipped' in threadOutcome) {
    notes.push(threadOutcome.skipped);
    partial = true;
  }
  const threadRead = threadOutcome && 'value' in threadOutcome ? threadOutcome.value : undefined;
  if (threadRead) sources.push(threadRead.fetched);
  const threadMessages = (threadRead?.body.messages ?? []) as Array<SlackObject | ConciseThreadMessage>;
  const reply = target.threadTs !== undefined || (!anchorMessage && threadMessages[0]?.ts !== target.ts);
  const inThread = threadMessages.find((m) => m.ts === target.ts);
  if (!anchorMessage && !inThread && !threadRead?.body.has_more)
    throw new Errors.SlackNotFound('message_not_found');

  const concise = response_format === 'concise';
  const names = concise ? await namesFor(slack, access, [...raw.values()]) : undefined;
  const show = (m: SlackObject): SlackObject =>
    names ? toConciseChannelMessage(m, { workspaceUrl: me.url, channel: channel.id, names }) : { ...m };
  const ordered = [...raw.values()].sort((a, b) => Number(a.ts) - Number(b.ts));
  // Around a reply's time rather than a message in the channel, each side may hold one more than asked.
  const earlierAll = ordered.filter((m) => Number(m.ts) < Number(anchor));
  const laterAll = ordered.filter((m) => Number(m.ts) > Number(anchor));
  const beforeList = earlierAll.slice(Math.max(0, earlierAll.length - before)).map(show);
  const afterList = laterAll.slice(0, after).map(show);
  const moreBefore = (sides.earlier?.hasMore ?? false) || earlierAll.length > before;
  const moreAfter = (sides.later?.hasMore ?? false) || laterAll.length > after;
  let message: SlackObject | null = null;
  if (reply && inThread)
    message = concise ? asChannelMessage(inThread as ConciseThreadMessage) : { ...inThread };
  else if (!reply && anchorMessage) message = show(anchorMessage);

  const shown = [...(message ? [message] : []), ...beforeList, ...afterList] as Array<{ text: string }>;
  const capped = concise ? capTexts(shown, max_text_chars) : 0;
  const capNote = textCapNote(capped, max_text_chars, wording.wholeText);
  if (capNote) notes.push(capNote);
  const channelName = (await name) ?? null;
  const body: Record<string, unknown> = {
    ok: true,
    channel_id: channel.id,
    channel_name: channelName,
    before: beforeList,
    message,
    after: afterList,
    ...(threadRead ? { thread: threadRead.body } : {}),
  };
  const staleAge = Math.max(0, ...sources.filter((s) => s.status === 'STALE').map((s) => s.ageMs));
  if (sources.some((s) => s.status === 'STALE')) notes.push(staleNote(staleAge));

  const items: SlackObject[] = [
    ...(message ? [message] : []),
    ...nearestFirst(beforeList, afterList),
    ...(threadMessages as SlackObject[]),
  ];
  const kept = (list: unknown[]) => {
    const left = new Set(items);
    return list.filter((m) => left.has(m as SlackObject));
  };
  const summarise = (cut: BudgetCut) => {
    // Messages the budget leaves out leave the body too.
    body.before = kept(body.before as SlackObject[]);
    body.after = kept(body.after as SlackObject[]);
    if (message && !items.includes(message)) body.message = null;
    const threadKept = kept(threadMessages);
    if (threadRead) (threadRead.body as { messages: unknown[] }).messages = threadKept;
    const shown = (list: unknown) => (list as SlackObject[]).map((m) => String(m.ts));
    const found = body.message as { ts?: string; user_name?: string | null; user?: string } | null;
    body.summary = contextSummary({
      channel: channelLabel({ id: channel.id, name: channelName ?? undefined }),
      channelId: channel.id,
      message: found?.ts ? { ts: found.ts, userName: found.user_name ?? null } : undefined,
      reply,
      before: shown(body.before),
      after: shown(body.after),
      around: anchor,
      moreBefore: moreBefore || cut.dropped > 0,
      moreAfter: moreAfter || cut.dropped > 0,
      thread: threadRead
        ? {
            ts: String(threadMessages[0]?.ts ?? anchor),
            hasMore: threadRead.body.has_more === true,
            leftOut: threadMessages.length - threadKept.length,
          }
        : undefined,
      notes: [
        ...notes,
        budgetNote(cut, deps.maxResponseBytes, 'message', 'ask for fewer before/after'),
      ].filter((n): n is string => n !== undefined),
      wording,
    });
  };
  fitToBudget(body, items, deps.maxResponseBytes, TEXT_ACCESS, summarise);
  // A part left out by a rate limit is asked again next time; the parts Slack sent stay cached on their own.
  if (!partial) await answers.set(key, body, sources);
  return { body: body as ContextBody, cache: worstStatus(sources.map((s) => s.status)) };
}
