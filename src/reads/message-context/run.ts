import type { CacheStatus } from '../../cache/types.js';
import { Errors } from '../../errors.js';
import type { ConciseThreadMessage } from '../../schemas/slack.js';
import { asChannelMessage, toConciseChannelMessage } from '../../slack/format-thread.js';
import { fitToBudget } from '../../slack/llm-budget.js';
import { otherWorkspace } from '../../slack/message-link.js';
import type { SlackObject } from '../../slack/slack-values.js';
import { staleNote, textCapNote } from '../../slack/summary.js';
import { capTexts } from '../../slack/truncate-text.js';
import type { SlackAccess, SlackIdentity } from '../../slack-client/types.js';
import { namesFor, TEXT_ACCESS } from '../../slack-search/message-names.js';
import { resolveChannel } from '../../slack-search/resolve-channel.js';
import { worstStatus } from '../../slack-search/worst-status.js';
import { withCompact } from '../with-compact.js';
import { type Wording, wholeTexts } from '../wording.js';
import { compactContext } from './compact.js';
import { nearestFirst, readTarget } from './context-parts.js';
import { type Around, anchorOf, type ContextDeps, fetchAround } from './fetch-around.js';
import type { ContextBody, MessageContextParams } from './schemas.js';
import { type ContextView, summariseContext } from './summarise.js';

/** A message in context for the caller; compact is the concise answer (one cache entry) rendered as text. */
export const messageContext = withCompact(contextBody, compactContext);

/** The message, its channel neighbours and its thread's first page: at most three Slack calls, none when cached. */
async function contextBody(
  deps: ContextDeps,
  access: SlackAccess,
  params: MessageContextParams,
  wording: Wording,
): Promise<{ body: ContextBody; cache: CacheStatus }> {
  const { slack, answers } = deps;
  const target = readTarget(params, wording);
  const key = answers.key('context', slack.identityOf(access), { surface: wording.surface, params });
  const [me, answer] = await Promise.all([slack.whoAmI(access), answers.get<ContextBody>(key)]);
  if (answer) return { body: answer, cache: 'HIT' };
  const own = target.linkHost && otherWorkspace(target.linkHost, me.url);
  if (target.linkHost && own) throw new Errors.WorkspaceMismatch(target.linkHost, own);

  const channel = await resolveChannel(deps, access, target.channel);
  const name = channel.name ?? slack.channelName(access, channel.id).catch(() => undefined);
  const where = { deps, access, me, channel: channel.id, target, params, wording };
  const around = await fetchAround(where);
  const view = await arrange(where, around);
  const capped = params.response_format === 'concise' ? capTexts(view.shown, params.max_text_chars) : 0;
  const capNote = textCapNote(capped, params.max_text_chars, wholeTexts(wording));
  if (capNote) around.notes.push(capNote);
  const channelName = (await name) ?? null;
  const body: Record<string, unknown> = {
    ok: true,
    channel_id: channel.id,
    channel_name: channelName,
    before: view.before,
    message: view.message,
    after: view.after,
    ...(around.threadRead ? { thread: around.threadRead.body } : {}),
  };
  const stale = around.sources.filter((s) => s.status === 'STALE');
  if (stale.length > 0) around.notes.push(staleNote(Math.max(0, ...stale.map((s) => s.ageMs))));
  const summarise = summariseContext({
    body,
    view,
    around,
    channelName,
    anchor: anchorOf(target),
    wording,
    maxBytes: deps.maxResponseBytes,
  });
  fitToBudget(body, view.items, deps.maxResponseBytes, TEXT_ACCESS, summarise);
  // A part left out by a rate limit is asked again next time; the parts Slack sent stay cached on their own.
  if (!around.partial) await answers.set(key, body, around.sources);
  return { body: body as ContextBody, cache: worstStatus(around.sources.map((s) => s.status)) };
}

/** Which message is the linked one, and the channel messages asked for on each side of it (concise or Slack's). */
async function arrange(
  where: {
    deps: ContextDeps;
    access: SlackAccess;
    me: SlackIdentity;
    channel: string;
    target: ReturnType<typeof readTarget>;
    params: MessageContextParams;
  },
  around: Around,
): Promise<ContextView> {
  const { deps, access, me, channel, target, params } = where;
  const { before, after } = params;
  const anchor = anchorOf(target);
  const anchorMessage = around.raw.get(anchor);
  const threadMessages = (around.threadRead?.body.messages ?? []) as Array<
    SlackObject | ConciseThreadMessage
  >;
  const reply = target.threadTs !== undefined || (!anchorMessage && threadMessages[0]?.ts !== target.ts);
  const inThread = threadMessages.find((m) => m.ts === target.ts);
  if (!anchorMessage && !inThread && !around.threadRead?.body.has_more)
    throw new Errors.SlackNotFound('message_not_found');

  const concise = params.response_format === 'concise';
  const names = concise ? await namesFor(deps.slack, access, [...around.raw.values()]) : undefined;
  const show = (m: SlackObject): SlackObject =>
    names ? toConciseChannelMessage(m, { workspaceUrl: me.url, channel, names }) : { ...m };
  const ordered = [...around.raw.values()].sort((a, b) => Number(a.ts) - Number(b.ts));
  // Around a reply's time rather than a message in the channel, each side may hold one more than asked.
  const earlierAll = ordered.filter((m) => Number(m.ts) < Number(anchor));
  const laterAll = ordered.filter((m) => Number(m.ts) > Number(anchor));
  const beforeList = earlierAll.slice(Math.max(0, earlierAll.length - before)).map(show);
  const afterList = laterAll.slice(0, after).map(show);
  let message: SlackObject | null = null;
  if (reply && inThread)
    message = concise ? asChannelMessage(inThread as ConciseThreadMessage) : { ...inThread };
  else if (!reply && anchorMessage) message = show(anchorMessage);
  const mine = message ? [message] : [];
  return {
    message,
    before: beforeList,
    after: afterList,
    moreBefore: (around.sides.earlier?.hasMore ?? false) || earlierAll.length > before,
    moreAfter: (around.sides.later?.hasMore ?? false) || laterAll.length > after,
    reply,
    threadMessages: threadMessages as SlackObject[],
    shown: [...mine, ...beforeList, ...afterList] as Array<{ text: string }>,
    items: [...mine, ...nearestFirst(beforeList, afterList), ...(threadMessages as SlackObject[])],
  };
}
