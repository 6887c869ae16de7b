import { Errors } from '../errors.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { Workspace } from '../slack-client/types.js';
import type { ReadCaller } from './caller.js';

/** A workspace id (`T…`): a value the caller may name a workspace by without a list to look it up in. */
export const isTeamId = (value: string): boolean => /^T[A-Z0-9]{2,}$/.test(value);

/** `Grid HQ (T07GRIDHQ)`, with its domain when known. */
export const workspaceLabel = (w: Pick<Workspace, 'id' | 'name' | 'domain'>): string =>
  `${w.name} (${w.id}${w.domain ? `, ${w.domain}` : ''})`;

const labels = (list: readonly Workspace[]) => list.map(workspaceLabel).join(', ') || 'none';

/** Whether `value` names the workspace: its id exactly, or its domain or name in any case. */
export function names(workspace: Pick<Workspace, 'id' | 'name' | 'domain'>, value: string): boolean {
  const folded = value.trim().toLowerCase();
  return (
    workspace.id === value.trim() ||
    workspace.domain?.toLowerCase() === folded ||
    workspace.name.toLowerCase() === folded
  );
}

const NOT_APPROVED =
  ". Your organisation's other workspaces are not listed until an admin of the organisation adds the app to them";

/** Workspaces whose domain is looked up (team.info) when a value names none of them by id or name. */
const MAX_DOMAIN_LOOKUPS = 20;

/**
 * The workspace whose domain `value` is, among those Slack gave no domain (an org-wide token's, from
 * auth.teams.list): team.info of each (team:read; kept as lists are), at most MAX_DOMAIN_LOOKUPS. Undefined
 * when none is, or Slack cannot say (a token without team:read): the caller's 404 then lists names and ids.
 */
async function byDomain(
  slack: SlackGateway,
  list: Workspace[],
  value: string,
): Promise<Workspace | undefined> {
  const lacking = list.filter((w) => w.domain === undefined).slice(0, MAX_DOMAIN_LOOKUPS);
  if (isTeamId(value.trim()) || lacking.length === 0) return undefined;
  const found = await Promise.all(
    lacking.map(async (w) => {
      const body = await slack.cached(w.access, 'team.info', { team: w.id }, 'list').catch(() => undefined);
      const team = body?.value.team as { id?: unknown; domain?: unknown } | undefined;
      const domain = team?.id === w.id && typeof team.domain === 'string' ? team.domain : undefined;
      return domain && names({ ...w, domain }, value) ? w : undefined;
    }),
  );
  return found.find((w) => w !== undefined);
}

/** The workspaces an API client may read (API_TOKENS_FILE `workspaces`), or all when it names none. */
function allowedFor(caller: ReadCaller, list: Workspace[]): Workspace[] {
  const allowed = caller.apiClient?.workspaces;
  return allowed ? list.filter((w) => allowed.some((value) => names(w, value))) : list;
}

/**
 * Every workspace the caller reads: each of their Slack accesses' (a workspace token's own, an org-wide token's
 * from auth.teams.list), once each, within their API client's `workspaces`. With `wanted` (an id, domain or
 * name): that one, or a 404 naming those they can read (a 403 when their API client may not read it).
 */
export async function workspacesOf(
  slack: SlackGateway,
  caller: ReadCaller,
  wanted?: string,
): Promise<Workspace[]> {
  const accesses = caller.slackAccesses?.() ?? [caller.slackAccess()];
  const settled = await Promise.allSettled(accesses.map((access) => slack.workspaces(access)));
  const found = settled.flatMap((s) => (s.status === 'fulfilled' ? s.value : []));
  const failed = settled.find((s) => s.status === 'rejected');
  if (found.length === 0 && failed) throw failed.reason;
  const seen = new Set<string>();
  const all = found.filter((w) => !seen.has(w.id) && seen.add(w.id));
  const readable = allowedFor(caller, all);
  if (wanted === undefined) {
    if (readable.length === 0) throw new Errors.WorkspaceNotAllowed(labels(all), 'none of them');
    return readable;
  }
  const match = all.find((w) => names(w, wanted)) ?? (await byDomain(slack, all, wanted));
  if (!match) {
    // Slack lists an org-wide token's workspaces where the app is approved: another of the organisation's is
    // unknown to us, as a name that is none; the refusal says what would make it readable.
    const kinds = await Promise.all(accesses.map((access) => slack.knownIdentity(access)));
    const hint = kinds.some((me) => me?.orgWide) ? NOT_APPROVED : '';
    throw new Errors.UnknownWorkspace(JSON.stringify(wanted), `${labels(readable)}${hint}`);
  }
  if (!readable.includes(match))
    throw new Errors.WorkspaceNotAllowed(workspaceLabel(match), labels(readable));
  return [match];
}
