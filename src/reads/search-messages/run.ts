import type { CacheStatus } from '../../cache/types.js';
import { Errors } from '../../errors.js';
import type { ConciseMatch } from '../../schemas/slack.js';
import { applyMinScore, dedupeThreads, toConciseMatch } from '../../slack/format-search.js';
import { type BudgetCut, fitToBudget } from '../../slack/llm-budget.js';
import type { ReadNames } from '../../slack/mrkdwn.js';
import { conciseContext } from '../../slack/read-rts.js';
import type { SlackObject } from '../../slack/slack-values.js';
import { budgetNote, conciseSearchHint, searchSummary, staleNote, textCapNote } from '../../slack/summary.js';
import { capTexts } from '../../slack/truncate-text.js';
import type { SlackAccess, SlackIdentity } from '../../slack-client/types.js';
import { namesFor, TEXT_ACCESS } from '../../slack-search/message-names.js';
import { peopleNames } from '../../slack-search/people-and-channels.js';
import { worstStatus } from '../../slack-search/worst-status.js';
import { answerCache, directories, maxResponseBytes, slackGateway } from '../common-services.js';
import type { ServicesOf } from '../services.js';
import { withCompact } from '../with-compact.js';
import type { Wording } from '../wording.js';
import { compactSearch } from './compact.js';
import type { ConciseSearch, SearchMessagesBody, SearchMessagesParams } from './schemas.js';
import type { SearchOutcome } from './search-backend.js';
import { searchBackend } from './search-backends.js';
import { SMALLER_SEARCH, searchWays, wholeMatchTexts } from './wording.js';

export const searchServices = {
  slack: slackGateway,
  answers: answerCache,
  backend: searchBackend,
  // Real-time Search's authors are named from the people directory.
  directories,
  maxResponseBytes,
};
export type SearchDeps = ServicesOf<typeof searchServices>;

/** Drops what the caller asked to leave out (weak or same-thread matches), and says how many. */
export function selectMatches(found: SearchOutcome, params: SearchMessagesParams) {
  let matches = applyMinScore(found.matches, params.min_score);
  if (params.dedupe_threads) matches = dedupeThreads(matches);
  const filtered = found.matches.length - matches.length;
  const notes = filtered > 0 ? [`${filtered} weaker or same-thread matches were left out of this page.`] : [];
  return { matches, notes };
}

/** The body without its summary: concise matches, or Slack's own body when one search answered. */
async function formatSearch(
  found: SearchOutcome,
  matches: SlackObject[],
  params: SearchMessagesParams,
  me: SlackIdentity,
  names: () => Promise<ReadNames>,
): Promise<{ body: Record<string, unknown>; list: Array<{ text?: unknown }>; capped: number }> {
  const concise = params.response_format === 'concise';
  // 0 = whole texts.
  const cap = params.max_text_chars || undefined;
  const conciseList = concise
    ? await names().then((n) =>
        matches.map((m) => {
          const handleFromNames = found.backend === 'rts';
          const match = toConciseMatch(m, {
            workspaceUrl: me.url,
            names: n,
            viewerId: me.userId,
            handleFromNames,
          });
          return params.include_context ? { ...match, context: conciseContext(m, n, cap) } : match;
        }),
      )
    : undefined;
  const capped = conciseList ? capTexts(conciseList, params.max_text_chars) : 0;
  // Copies: the budget may cut their texts, and the originals are Slack's cached body.
  const list = conciseList ?? matches.map((m) => ({ ...m }));
  const [query] = found.queries;
  const several = found.queries.length > 1 ? { queries: found.queries } : {};
  const how = { backend: found.backend, semantic: found.semantic };
  const single = found.pages.length === 1 && params.to_me !== 'true' ? found.pages[0].value : undefined;
  let body: Record<string, unknown>;
  if (concise)
    body = { ok: true, query, ...several, ...how, messages: { total: found.total, matches: list } };
  else if (found.detailed) body = { ...found.detailed(matches), ...how };
  else if (single) body = { ...single, ...how, messages: { ...(single.messages as object), matches: list } };
  else body = { ok: true, query, ...several, ...how, messages: { total: found.total, matches: list } };
  if (found.nextCursor) {
    body.response_metadata = {
      ...(concise ? {} : (body.response_metadata as object)),
      next_cursor: found.nextCursor,
    };
  } else if (found.detailed) delete body.response_metadata;
  return { body, list, capped };
}

/**
 * Sets the summary, then fits the body into MAX_RESPONSE_BYTES by cutting texts evenly (and says so): one
 * workspace's search and the search across several alike.
 */
export function summariseWithinBudget(
  body: Record<string, unknown>,
  list: Array<{ text?: unknown }>,
  found: Pick<SearchOutcome, 'total' | 'atLeast' | 'nextCursor'>,
  notes: string[],
  concise: boolean,
  wording: Wording,
  maxBytes: number,
) {
  const summarise = (cut: BudgetCut) => {
    const note = budgetNote(cut, maxBytes, 'match', SMALLER_SEARCH);
    body.summary = searchSummary({
      total: found.total,
      atLeast: found.atLeast,
      returned: list.length,
      hasMore: found.nextCursor !== undefined,
      notes: note ? [...notes, note] : notes,
      hint: concise
        ? conciseSearchHint(
            (list as ConciseSearch['messages']['matches']).some((m: ConciseMatch) => m.thread_ts),
            searchWays(wording),
            list.length > 0,
          )
        : undefined,
    });
  };
  fitToBudget(body, list, maxBytes, TEXT_ACCESS, summarise);
}

/** A search for the caller; compact is the concise answer (the same cache entry) rendered as text. */
export const searchMessages = withCompact(searchBody, compactSearch);

/** A search for the caller: fetch (search.messages or RTS), select, names, format, summary, budget; search.messages answers are cached whole. */
async function searchBody(
  deps: SearchDeps,
  access: SlackAccess,
  params: SearchMessagesParams,
  wording: Wording,
): Promise<{ body: SearchMessagesBody; cache: CacheStatus }> {
  if (!params.query && params.to_me === 'false')
    throw new Errors.BadRequest(`${wording.param('query')} is required unless to_me is set`);
  const { slack, answers, backend } = deps;
  const key = answers.key('search.messages', slack.identityOf(access), {
    surface: wording.surface,
    params,
  });
  // auth.test runs beside the cache and the search when the backend needs no identity to search.
  const identity = slack.whoAmI(access);
  identity.catch(() => {});
  const via = backend.fixed ?? backend.prefers(access, await identity, params);
  // RTS answers are never cached (Slack's rule), so only a search.messages answer is looked for.
  if (via === 'search.messages') {
    const answer = await answers.get<SearchMessagesBody>(key);
    if (answer) {
      await identity;
      return { body: answer, cache: 'HIT' };
    }
  }

  // Real-time Search is never cached, so its authors' names come from the people directory read beside it.
  const directory =
    via !== 'search.messages' && params.response_format !== 'detailed'
      ? peopleNames(deps, access, await identity)
      : undefined;
  const found = await backend.fetch(access, identity, params, wording);
  const me = await identity;
  const selected = selectMatches(found, params);
  const cache = found.live ? 'MISS' : worstStatus(found.pages.map((p) => p.status));
  const notes = [...found.notes, ...selected.notes, ...backendNote(found)];
  if (cache === 'STALE') notes.push(staleNote(Math.max(...found.pages.map((p) => p.ageMs))));
  const names = () =>
    namesFor(slack, access, selected.matches, {
      known: found.authorNames,
      withContext: params.include_context,
      directory,
    });
  const { body, list, capped } = await formatSearch(found, selected.matches, params, me, names);
  const capNote = textCapNote(capped, params.max_text_chars, wholeMatchTexts(wording));
  if (capNote) notes.push(capNote);
  const concise = params.response_format === 'concise';
  summariseWithinBudget(body, list, found, notes, concise, wording, deps.maxResponseBytes);
  if (!found.live) await answers.set(key, body, found.pages);
  return { body: body as SearchMessagesBody, cache };
}

/** How Slack searched, for the summary: said for RTS answers (search.messages is the long-standing default). */
export function backendNote(found: SearchOutcome): string[] {
  if (found.backend !== 'rts') return [];
  return [
    found.semantic
      ? "Slack's real-time search, by meaning (AI search)."
      : "Slack's real-time search, by keywords.",
  ];
}
