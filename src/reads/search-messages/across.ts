import type { CacheStatus } from '../../cache/types.js';
import { Errors } from '../../errors.js';
import type { SlackObject } from '../../slack/slack-values.js';
import type { SlackIdentity, Workspace } from '../../slack-client/types.js';
import { type NameLookup, peopleNames } from '../../slack-search/people-and-channels.js';
import { worstStatus } from '../../slack-search/worst-status.js';
import { type AcrossPage, type SearchSource, searchAcross } from '../across-workspaces.js';
import { renderOnce } from '../with-compact.js';
import type { Wording } from '../wording.js';
import { acrossBody, type SourceMatch } from './across-body.js';
import { compactSearch } from './compact.js';
import { type SearchDeps, selectMatches } from './run.js';
import type { ConciseSearch, SearchMessagesBody, SearchMessagesParams } from './schemas.js';
import type { SearchOutcome } from './search-backend.js';

const channelIdOf = (m: SlackObject) => {
  const c = m.channel as { id?: unknown } | string | undefined;
  return typeof c === 'string' ? c : typeof c?.id === 'string' ? c.id : undefined;
};
const teamOf = (m: SlackObject) => (typeof m.team === 'string' ? m.team : undefined);
const scoreOf = (m: SlackObject) => (typeof m.score === 'number' ? m.score : 0);

/** Slack's order across workspaces: newest (or oldest) first by time, else best score first, then newest. */
function ranking(params: SearchMessagesParams) {
  return ({ match: a }: SourceMatch, { match: b }: SourceMatch) => {
    const dt = Number(a.ts) - Number(b.ts);
    if (params.sort === 'timestamp') return params.sort_dir === 'asc' ? dt < 0 : dt > 0;
    const ds = scoreOf(a) - scoreOf(b);
    return ds !== 0 ? ds > 0 : dt > 0;
  };
}

/**
 * What each Slack search runs over: a workspace each, except that Real-time Search with an org-wide token is
 * one search of all its workspaces (it takes no team_id; each result names its team).
 */
async function sourcesOf(
  deps: SearchDeps,
  workspaces: Workspace[],
  identities: Map<string, Promise<SlackIdentity>>,
  params: SearchMessagesParams,
): Promise<SearchSource[]> {
  const byToken = new Map<string, Workspace[]>();
  for (const w of workspaces) byToken.set(w.access.token, [...(byToken.get(w.access.token) ?? []), w]);
  const groups = await Promise.all(
    [...byToken.values()].map(async (group) => {
      if (group.length === 1) return [group];
      const [first] = group;
      const via =
        deps.backend.fixed ??
        deps.backend.prefers(
          first.access,
          await (identities.get(first.id) as Promise<SlackIdentity>),
          params,
        );
      return via === 'rts' ? [group] : group.map((w) => [w]);
    }),
  );
  return groups.flat().map((ws) => ({ key: ws.map((w) => w.id).join('+'), workspaces: ws }));
}

/**
 * Real-time Search results carry no names: as one workspace's search does, each workspace's people directory
 * (and the caller's guest check it asks) is read beside the search, not after it. A workspace on
 * search.messages gets none (its matches name their authors). A person's id is one across the organisation,
 * so a name missing from one workspace's directory is taken from another's (each read as the caller).
 */
function realTimeDirectories(
  deps: SearchDeps,
  workspaces: Workspace[],
  sendAs: Map<string, Promise<SlackIdentity>>,
  params: SearchMessagesParams,
): Map<string, Promise<NameLookup | undefined>> | undefined {
  if (params.response_format === 'detailed') return undefined;
  const each = workspaces.map(async (w) => {
    const me = await (sendAs.get(w.id) as Promise<SlackIdentity>);
    const via = deps.backend.fixed ?? deps.backend.prefers(w.access, me, params);
    return via === 'rts' ? peopleNames(deps, w.access, me) : undefined;
  });
  for (const d of each) d.catch(() => {});
  const all = Promise.all(each.map((d) => d.catch(() => undefined)));
  return new Map(
    workspaces.map((w, i) => [
      w.id,
      (async () => {
        const own = await each[i].catch(() => undefined);
        if (!own) return undefined;
        const others = (await all).filter((d): d is NameLookup => d !== undefined && d !== own);
        return { get: (id: string) => own.get(id) ?? others.map((d) => d.get(id)).find(Boolean) };
      })(),
    ]),
  );
}

/** Messages from several workspaces: each searched at once, merged in Slack's order, one cursor for all. */
export async function searchMessagesAcross(
  deps: SearchDeps,
  workspaces: Workspace[],
  params: SearchMessagesParams,
  wording: Wording,
  deadline: number,
): Promise<{ body: SearchMessagesBody; cache: CacheStatus; text?: string }> {
  if (!params.query && params.to_me === 'false')
    throw new Errors.BadRequest(`${wording.param('query')} is required unless to_me is set`);
  const concise =
    params.response_format === 'compact' ? { ...params, response_format: 'concise' as const } : params;
  const identities = new Map(workspaces.map((w) => [w.id, deps.slack.whoAmI(w.access)]));
  for (const me of identities.values()) me.catch(() => {});
  // What the searches are sent with: the token's kept shape when there is one (a token's user, workspace and
  // kind never change; Slack checks the token on each call), else this request's auth.test. The answer still
  // waits on auth.test (acrossBody), as every read does.
  const sendAs = new Map(
    workspaces.map((w) => {
      const checked = identities.get(w.id) as Promise<SlackIdentity>;
      const me = deps.slack.knownIdentity(w.access).then((known) => known ?? checked);
      me.catch(() => {});
      return [w.id, me];
    }),
  );
  const sources = await sourcesOf(deps, workspaces, sendAs, concise);
  const directories = realTimeDirectories(deps, workspaces, sendAs, concise);
  const outcomes: SearchOutcome[] = [];
  const found: AcrossPage<SourceMatch> = await searchAcross<SourceMatch>({
    sources,
    cursor: concise.cursor,
    cursorParam: wording.param('cursor'),
    count: concise.count,
    deadline,
    page: async (source, at) => {
      const [w] = source.workspaces;
      const me = sendAs.get(w.id) as Promise<SlackIdentity>;
      // One search of an org-wide token's workspaces names none of them (an access naming one keeps its results only).
      const access = source.workspaces.length > 1 ? { ...w.access, teamId: undefined } : w.access;
      const outcome = await deps.backend.fetch(access, me, { ...concise, cursor: at }, wording);
      outcomes.push(outcome);
      const { matches } = selectMatches(outcome, concise);
      return {
        items: matches.map((match) => ({ match, found: outcome })),
        total: outcome.total,
        atLeast: outcome.atLeast,
        next: outcome.nextCursor,
      };
    },
    before: ranking(concise),
    sameAs: ({ match }) => `${channelIdOf(match) ?? ''}:${String(match.ts)}`,
    homeOf: ({ match }) => teamOf(match),
    workspaceOf: ({ match }, source) => source.workspaces.find((w) => w.id === teamOf(match)),
  });
  const body = await acrossBody(deps, workspaces, identities, found, outcomes, concise, wording, directories);
  const cache = outcomes.some((o) => o.live)
    ? 'MISS'
    : worstStatus(outcomes.flatMap((o) => o.pages.map((p) => p.status)));
  if (params.response_format !== 'compact') return { body, cache };
  return { body, cache, text: renderOnce(body as ConciseSearch, compactSearch) };
}
