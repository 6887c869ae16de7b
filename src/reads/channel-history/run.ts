import type { CacheStatus } from '../../cache/types.js';
import { toConciseChannelMessage } from '../../slack/format-thread.js';
import { type BudgetCut, fitToBudget } from '../../slack/llm-budget.js';
import { readRepliesBody } from '../../slack/read-slack-body.js';
import { budgetNote, historySummary, pageCapNote, staleNote, textCapNote } from '../../slack/summary.js';
import { capTexts } from '../../slack/truncate-text.js';
import type { SlackAccess } from '../../slack-client/types.js';
import { namesFor, TEXT_ACCESS } from '../../slack-search/message-names.js';
import { channelLabel, resolveChannel } from '../../slack-search/resolve-channel.js';
import { answerCache, directories, maxResponseBytes, slackGateway } from '../common-services.js';
import { rtsQuota } from '../rts-quota.js';
import type { ServicesOf } from '../services.js';
import { withCompact } from '../with-compact.js';
import { type Wording, wholeTexts } from '../wording.js';
import { compactHistory } from './compact.js';
import type { ChannelHistoryParams, ConciseHistory, HistoryBody } from './schemas.js';

const METHOD = 'conversations.history';

// A #name is found in the channel directories, or by Slack's own search for it (search.messages or Real-time Search).
export const historyServices = {
  slack: slackGateway,
  answers: answerCache,
  maxResponseBytes,
  directories,
  rtsQuota,
};
type HistoryDeps = ServicesOf<typeof historyServices>;

/** conversations.history for the caller; compact is the concise answer (one cache entry) rendered as text. */
export const channelHistory = withCompact(historyBody, compactHistory);

/** conversations.history for the caller: channel by id or #name, fetch, names, format, summary, budget; cached whole. */
async function historyBody(
  deps: HistoryDeps,
  access: SlackAccess,
  params: ChannelHistoryParams,
  wording: Wording,
): Promise<{ body: HistoryBody; cache: CacheStatus }> {
  const { slack, answers } = deps;
  const key = answers.key(METHOD, slack.identityOf(access), { surface: wording.surface, params });
  const [me, answer] = await Promise.all([slack.whoAmI(access), answers.get<HistoryBody>(key)]);
  if (answer) return { body: answer, cache: 'HIT' };

  const channel = await resolveChannel(deps, access, params.channel);
  const { limit, cursor, oldest, latest, inclusive } = params;
  const [fetched, name] = await Promise.all([
    slack.history(access, { channel: channel.id, limit, cursor, oldest, latest, inclusive }),
    channel.name ?? slack.channelName(access, channel.id).catch(() => undefined),
  ]);
  const read = readRepliesBody(fetched.value, METHOD);
  const concise = params.response_format === 'concise';
  const list = concise
    ? await namesFor(slack, access, read.messages).then((names) =>
        read.messages.map((m) =>
          toConciseChannelMessage(m, { workspaceUrl: me.url, channel: channel.id, names }),
        ),
      )
    : read.messages.map((m) => ({ ...m }));
  const capped = concise ? capTexts(list as ConciseHistory['messages'], params.max_text_chars) : 0;
  const body: Record<string, unknown> = concise
    ? { ok: true, channel_id: channel.id, channel_name: name ?? null, messages: list, has_more: read.hasMore }
    : { ...fetched.value, messages: list };
  if (concise && read.nextCursor) body.response_metadata = { next_cursor: read.nextCursor };
  const notes = [fetched.status === 'STALE' ? staleNote(fetched.ageMs) : undefined];
  notes.push(textCapNote(capped, params.max_text_chars, wholeTexts(wording)));
  notes.push(pageCapNote(read.messages.length, limit, read.hasMore));
  const summarise = (cut: BudgetCut) => {
    const ts = list.map((m) => String((m as { ts?: unknown }).ts));
    const last = ts[ts.length - 1];
    const advice = cut.dropped && last ? `continue with latest=${last}` : 'ask for a smaller limit';
    body.summary = historySummary({
      channel: channelLabel({ id: channel.id, name }),
      ts,
      hasMore: read.hasMore,
      forward: oldest !== undefined && latest === undefined,
      notes: [...notes, budgetNote(cut, deps.maxResponseBytes, 'message', advice)].filter(
        (n): n is string => n !== undefined,
      ),
    });
  };
  fitToBudget(body, list, deps.maxResponseBytes, TEXT_ACCESS, summarise);
  await answers.set(key, body, [fetched]);
  return { body: body as HistoryBody, cache: fetched.status };
}
