import type { CacheStatus } from '../cache/types.js';
import { Errors } from '../errors.js';
import type { ConciseSearch, SearchMessagesBody, SearchMessagesParams } from '../schemas/search-messages.js';
import type { ConciseMatch } from '../schemas/slack.js';
import { applyMinScore, dedupeThreads, toConciseMatch } from '../slack/format-search.js';
import { type BudgetCut, fitToBudget } from '../slack/llm-budget.js';
import type { SlackObject } from '../slack/slack-values.js';
import { budgetNote, conciseSearchHint, searchSummary, staleNote } from '../slack/summary.js';
import { type Surface, WORDING, type Wording } from '../slack/wording.js';
import type { SlackAccess, SlackIdentity } from '../slack-client/types.js';
import { type FoundMatches, fetchMatches } from './fetch-search.js';
import { namesFor, TEXT_ACCESS } from './message-names.js';
import type { PipelineDeps } from './pipeline-deps.js';
import { worstStatus } from './worst-status.js';

/** Drops what the caller asked to leave out (weak or same-thread matches), and says how many. */
function selectMatches(found: FoundMatches, params: SearchMessagesParams) {
  let matches = applyMinScore(found.matches, params.min_score);
  if (params.dedupe_threads) matches = dedupeThreads(matches);
  const filtered = found.matches.length - matches.length;
  const notes = filtered > 0 ? [`${filtered} weaker or same-thread matches were left out of this page.`] : [];
  return { matches, notes };
}

/** The body without its summary: concise matches, or Slack's own body when one search answered. */
async function formatSearch(
  found: FoundMatches,
  matches: SlackObject[],
  params: SearchMessagesParams,
  me: SlackIdentity,
  names: () => Promise<{ users: Map<string, string> }>,
): Promise<{ body: Record<string, unknown>; list: Array<{ text?: unknown }> }> {
  const concise = params.response_format === 'concise';
  const list = concise
    ? await names().then((n) =>
        matches.map((m) =>
          toConciseMatch(m, {
            workspaceUrl: me.url,
            maxTextChars: params.max_text_chars,
            names: n,
            viewerId: me.userId,
          }),
        ),
      )
    : // Copies: the budget may cut their texts, and the originals are Slack's cached body.
      matches.map((m) => ({ ...m }));
  const [query] = found.queries;
  const several = found.queries.length > 1 ? { queries: found.queries } : {};
  const single = found.pages.length === 1 && params.to_me !== 'true' ? found.pages[0].value : undefined;
  const body: Record<string, unknown> =
    concise || !single
      ? { ok: true, query, ...several, messages: { total: found.total, matches: list } }
      : { ...single, messages: { ...(single.messages as object), matches: list } };
  if (found.nextCursor) {
    body.response_metadata = {
      ...(concise ? {} : (body.response_metadata as object)),
      next_cursor: found.nextCursor,
    };
  }
  return { body, list };
}

/** Sets the summary, then fits the body into MAX_RESPONSE_BYTES by cutting texts evenly (and says so). */
function summariseWithinBudget(
  body: Record<string, unknown>,
  list: Array<{ text?: unknown }>,
  found: FoundMatches,
  notes: string[],
  concise: boolean,
  wording: Wording,
  maxBytes: number,
) {
  const summarise = (cut: BudgetCut) => {
    const note = budgetNote(cut, maxBytes, 'match', wording.smallerSearch);
    body.summary = searchSummary({
      total: found.total,
      returned: list.length,
      hasMore: found.nextCursor !== undefined,
      notes: note ? [...notes, note] : notes,
      hint: concise
        ? conciseSearchHint(
            (list as ConciseSearch['messages']['matches']).some((m: ConciseMatch) => m.thread_ts),
            wording,
            list.length > 0,
          )
        : undefined,
    });
  };
  fitToBudget(body, list, maxBytes, TEXT_ACCESS, summarise);
}

/** search.messages for the caller: fetch, select, names, format, summary, budget; the answer is cached whole. */
export async function searchMessages(
  deps: PipelineDeps,
  access: SlackAccess,
  params: SearchMessagesParams,
  surface: Surface,
): Promise<{ body: SearchMessagesBody; cache: CacheStatus }> {
  const wording = WORDING[surface];
  if (!params.query && params.to_me === 'false')
    throw new Errors.BadRequest(`${wording.param('query')} is required unless to_me is set`);
  const { slack, answers } = deps;
  const key = answers.key('search.messages', slack.identityOf(access), { surface, params });
  const [me, answer] = await Promise.all([slack.whoAmI(access), answers.get<SearchMessagesBody>(key)]);
  if (answer) return { body: answer, cache: 'HIT' };

  const found = await fetchMatches(slack, access, me, params, wording);
  const selected = selectMatches(found, params);
  const cache = worstStatus(found.pages.map((p) => p.status));
  const notes = [...found.notes, ...selected.notes];
  if (cache === 'STALE') notes.push(staleNote(Math.max(...found.pages.map((p) => p.ageMs))));
  const names = () => namesFor(slack, access, selected.matches);
  const { body, list } = await formatSearch(found, selected.matches, params, me, names);
  const concise = params.response_format === 'concise';
  summariseWithinBudget(body, list, found, notes, concise, wording, deps.maxResponseBytes);
  await answers.set(key, body, found.pages);
  return { body: body as SearchMessagesBody, cache };
}
