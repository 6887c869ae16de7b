import type { ConciseMatch } from '../../schemas/slack.js';
import { toConciseMatch } from '../../slack/format-search.js';
import { conciseContext } from '../../slack/read-rts.js';
import { isObject, type SlackObject } from '../../slack/slack-values.js';
import { textCapNote } from '../../slack/summary.js';
import { capTexts } from '../../slack/truncate-text.js';
import type { SlackIdentity, Workspace } from '../../slack-client/types.js';
import { namesFor } from '../../slack-search/message-names.js';
import { type NameLookup, peopleNames } from '../../slack-search/people-and-channels.js';
import { acrossNotes } from '../across-words.js';
import type { AcrossHit, AcrossPage } from '../across-workspaces.js';
import type { Wording } from '../wording.js';
import { backendNote, type SearchDeps, summariseWithinBudget } from './run.js';
import type { SearchMessagesBody, SearchMessagesParams } from './schemas.js';
import type { SearchOutcome } from './search-backend.js';
import { wholeMatchTexts } from './wording.js';

type Item = { text?: unknown; workspace?: string };

/** One match of one source's page, with how that page was found. */
export interface SourceMatch {
  match: SlackObject;
  found: SearchOutcome;
}

/** Slack's own object for a detailed answer: Real-time Search's result as Slack sent it, else the match. */
function slackObjectOf({ match, found }: SourceMatch): SlackObject {
  const results = found.detailed?.([match]).results;
  const original = isObject(results) && Array.isArray(results.messages) ? results.messages[0] : undefined;
  return isObject(original) ? { ...original } : { ...match };
}

/** One workspace's hits as concise matches, named with that workspace's own access. */
async function conciseOf(
  deps: SearchDeps,
  workspace: Workspace,
  me: SlackIdentity,
  hits: AcrossHit<SourceMatch>[],
  params: SearchMessagesParams,
  early?: Promise<NameLookup | undefined>,
): Promise<ConciseMatch[]> {
  const matches = hits.map((h) => h.item.match);
  const rts = hits.some((h) => h.item.found.backend === 'rts');
  const known = new Map(hits.flatMap((h) => [...(h.item.found.authorNames ?? [])]));
  // The directory read beside the search, else (none was: this workspace's backend changed) read now.
  const directory = rts
    ? (early ?? Promise.resolve(undefined)).then((d) => d ?? peopleNames(deps, workspace.access, me))
    : undefined;
  const names = await namesFor(deps.slack, workspace.access, matches, {
    known,
    withContext: params.include_context,
    directory,
  });
  const cap = params.max_text_chars || undefined;
  return matches.map((m) => {
    const match = toConciseMatch(m, {
      workspaceUrl: me.url,
      names,
      viewerId: me.userId,
      handleFromNames: rts,
    });
    return params.include_context ? { ...match, context: conciseContext(m, names, cap) } : match;
  });
}

/** The list in the merged order, each named by its workspace: concise matches, or Slack's own objects. */
async function listOf(
  deps: SearchDeps,
  identities: Map<string, Promise<SlackIdentity>>,
  hits: AcrossHit<SourceMatch>[],
  params: SearchMessagesParams,
  directories?: Map<string, Promise<NameLookup | undefined>>,
): Promise<Item[]> {
  if (params.response_format === 'detailed')
    return hits.map((h) => ({ ...slackObjectOf(h.item), workspace: h.workspace.name }));
  const byWorkspace = new Map<Workspace, AcrossHit<SourceMatch>[]>();
  for (const h of hits) byWorkspace.set(h.workspace, [...(byWorkspace.get(h.workspace) ?? []), h]);
  const formatted = new Map<AcrossHit<SourceMatch>, ConciseMatch>();
  await Promise.all(
    [...byWorkspace].map(async ([workspace, group]) => {
      const me = await (identities.get(workspace.id) as Promise<SlackIdentity>);
      const list = await conciseOf(deps, workspace, me, group, params, directories?.get(workspace.id));
      for (const [i, h] of group.entries()) formatted.set(h, list[i]);
    }),
  );
  return hits.map((h) => ({ ...(formatted.get(h) as ConciseMatch), workspace: h.workspace.name }));
}

/** The answer of a search across workspaces: the merged list, totals summed, the summary naming the workspaces. */
export async function acrossBody(
  deps: SearchDeps,
  workspaces: Workspace[],
  identities: Map<string, Promise<SlackIdentity>>,
  found: AcrossPage<SourceMatch>,
  outcomes: SearchOutcome[],
  params: SearchMessagesParams,
  wording: Wording,
  directories?: Map<string, Promise<NameLookup | undefined>>,
): Promise<SearchMessagesBody> {
  const list = await listOf(deps, identities, found.hits, params, directories);
  const concise = params.response_format !== 'detailed';
  const capped = concise ? capTexts(list as ConciseMatch[], params.max_text_chars) : 0;
  const [first] = outcomes;
  const backend = first?.backend ?? 'search.messages';
  const queries = first?.queries ?? [params.query ?? ''];
  const body: Record<string, unknown> = {
    ok: true,
    query: queries[0],
    ...(queries.length > 1 ? { queries } : {}),
    backend,
    semantic: outcomes.some((o) => o.semantic),
    messages: { total: found.total, matches: list },
  };
  if (found.nextCursor) body.response_metadata = { next_cursor: found.nextCursor };
  const seen = new Set<string>();
  const notes = [
    ...acrossNotes(workspaces, found, ['match', 'matches']),
    ...outcomes.flatMap((o) => [...o.notes, ...backendNote(o)]).filter((n) => !seen.has(n) && seen.add(n)),
  ];
  const capNote = textCapNote(capped, params.max_text_chars, wholeMatchTexts(wording));
  if (capNote) notes.push(capNote);
  summariseWithinBudget(body, list, found, notes, concise, wording, deps.maxResponseBytes);
  return body as SearchMessagesBody;
}
