import type { Cached } from '../cache/types.js';
import { Errors } from '../errors.js';
import { readTeamsBody, type TeamEntry } from '../slack/read-teams-body.js';
import { gridRestriction, TEAM_ID_METHODS } from './grid-restriction.js';
import type { SlackAccess, SlackBody, SlackIdentity, Workspace } from './types.js';

/** Slack's arguments with the access's workspace as `team_id` where Slack takes one (ignored for workspace tokens). */
export const teamIdArgs = (
  access: SlackAccess,
  method: string,
  args: Record<string, unknown>,
): Record<string, unknown> =>
  access.teamId && TEAM_ID_METHODS.has(method) ? { ...args, team_id: access.teamId } : args;

/**
 * Real-time Search takes no team_id: with an org-wide token it answers from every workspace, each result naming
 * its `team_id`. An access that names a workspace keeps that workspace's results only.
 */
export function onlyTeam(access: SlackAccess, method: string, body: SlackBody): SlackBody {
  const results = body.results;
  if (!access.teamId || method !== 'assistant.search.context' || typeof results !== 'object' || !results)
    return body;
  const kept = Object.fromEntries(
    Object.entries(results).map(([type, list]) => [
      type,
      Array.isArray(list)
        ? list.filter(
            (r) =>
              (r as { team_id?: unknown })?.team_id === undefined ||
              (r as { team_id?: unknown }).team_id === access.teamId,
          )
        : list,
    ]),
  );
  return { ...body, results: kept };
}

/**
 * An org-wide token without a workspace, for a method that needs one: Slack would answer missing_argument,
 * so it is not asked (no Slack call, no rate budget spent); the same refusal, said here.
 */
export function refuseWithoutTeam(access: SlackAccess, method: string, owner?: string): void {
  if (access.teamId || !TEAM_ID_METHODS.has(method)) return;
  const message = gridRestriction('missing_argument', method, owner) ?? method;
  throw Object.assign(new Errors.SlackGridRestricted(message), { slackError: 'missing_argument' });
}

/** `https://acme.slack.com/` → `acme`; an organisation's URL (`….enterprise.slack.com`) names no workspace. */
export function domainOf(url: string): string | undefined {
  const host = /^https:\/\/([a-z0-9-]+)\.slack\.com\/?$/i.exec(url)?.[1];
  return host?.toLowerCase();
}

/** At most this many pages of auth.teams.list (1000 workspaces each) are read. */
const MAX_TEAM_PAGES = 10;

export interface TokenWorkspaceDeps {
  /** The identity if already known without Slack. */
  known: () => Promise<SlackIdentity | undefined>;
  whoAmI: () => Promise<SlackIdentity>;
  teamsPage: (cursor?: string) => Promise<Cached<SlackBody>>;
  /** The org-wide token's workspaces as Slack last listed them (kept longer than the list's cache entry). */
  keptTeams: () => Promise<TeamEntry[] | undefined>;
  keepTeams: (teams: TeamEntry[]) => void;
}

/** Every page of auth.teams.list; kept as the token's workspaces when Slack was asked (not the cache). */
async function listTeams(deps: TokenWorkspaceDeps): Promise<TeamEntry[]> {
  const teams: TeamEntry[] = [];
  let cursor: string | undefined;
  let asked = false;
  for (let page = 0; page < MAX_TEAM_PAGES; page++) {
    const answer = await deps.teamsPage(cursor);
    asked ||= answer.status === 'MISS';
    const read = readTeamsBody(answer.value);
    teams.push(...read.teams);
    cursor = read.nextCursor;
    if (!cursor) break;
  }
  if (asked && teams.length > 0) deps.keepTeams(teams);
  return teams;
}

/**
 * The workspaces a token reads: its own for a workspace token; auth.teams.list's for an org-wide one, each
 * with an access naming it. While the token's kind is unknown, the list is asked beside auth.test. Once
 * Slack has listed them, the workspaces last listed answer at once while the list is asked again beside
 * the read (an approval or removal shows on the next read; a removed workspace meanwhile answers
 * team_access_not_granted, named in the summary).
 */
export async function workspacesOfToken(access: SlackAccess, deps: TokenWorkspaceDeps): Promise<Workspace[]> {
  const known = await deps.known();
  const speculative = known ? undefined : listTeams(deps);
  speculative?.catch(() => {});
  const me = known ?? (await deps.whoAmI());
  if (!me.orgWide) {
    return [{ id: me.teamId, name: me.teamName ?? me.teamId, ...domainPart(me.url), access }];
  }
  const kept = speculative ? undefined : await deps.keptTeams();
  const listing = speculative ?? listTeams(deps);
  if (kept?.length) listing.catch(() => {});
  const teams = kept?.length ? kept : await listing;
  if (teams.length === 0) {
    const id = me.enterpriseId ?? me.teamId;
    throw new Errors.NoWorkspace(
      me.teamName && me.teamName !== id ? `${me.teamName}, ${id}` : `organisation ${id}`,
    );
  }
  return teams.map((team) => ({ id: team.id, name: team.name, access: { ...access, teamId: team.id } }));
}

const domainPart = (url: string) => {
  const domain = domainOf(url);
  return domain ? { domain } : {};
};
