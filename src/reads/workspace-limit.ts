import { Errors } from '../errors.js';
import { sharesOf } from '../governance/policy/places.js';
import type { ReadPolicy } from '../governance/policy/read-policy.js';
import { readPermalink } from '../slack/conversation-name.js';
import { slackCodeOf } from '../slack-client/map-slack-error.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess, Workspace } from '../slack-client/types.js';
import { workspaceLabel } from './workspaces.js';

// An API client limited to some workspaces (API_TOKENS_FILE `workspaces`) reading by id: Grid's ids are
// org-wide, so an org-wide token reads a conversation or file of any workspace by its id. What the read is
// about (its policy declaration: the conversation or file) is checked against the workspaces it may read.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const teamIds = (...values: unknown[]) =>
  values
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter((v): v is string => typeof v === 'string' && /^T/.test(v));

/**
 * The workspaces (T…) a conversation is in, as conversations.info says (its host, the workspaces it is shared
 * with). Empty when Slack names none (a workspace token's answer) or does not know the conversation: the read
 * itself then answers as it would.
 */
async function conversationTeams(
  slack: SlackGateway,
  access: SlackAccess,
  channel: string,
): Promise<string[]> {
  try {
    const { value } = await slack.cached(access, 'conversations.info', { channel }, 'list');
    const c = isObj(value.channel) ? value.channel : {};
    return [
      ...new Set(teamIds(c.conversation_host_id, c.context_team_id, c.internal_team_ids, c.shared_team_ids)),
    ];
  } catch (err) {
    if (slackCodeOf(err) === 'channel_not_found') return [];
    throw err;
  }
}

/** The workspaces a file is in: its author's, and those of the conversations it is shared in. */
async function fileTeams(slack: SlackGateway, access: SlackAccess, file: string): Promise<string[]> {
  try {
    const { value } = await slack.cachedUnlessPrivate(
      access,
      'files.info',
      { file },
      (body) => (body.file as Obj | undefined)?.is_public === true,
    );
    const f = isObj(value.file) ? value.file : {};
    const shared = await Promise.all((sharesOf(f) ?? []).map((c) => conversationTeams(slack, access, c)));
    return [...new Set([...teamIds(f.user_team, f.source_team), ...shared.flat()])];
  } catch (err) {
    if (slackCodeOf(err) === 'file_not_found') return [];
    throw err;
  }
}

/** A 403 naming the workspaces of what was asked when none of them is one the client may read. */
function refuseOutside(teams: string[], allowed: readonly Workspace[], what: string): void {
  if (teams.length === 0 || teams.some((t) => allowed.some((w) => w.id === t))) return;
  throw new Errors.WorkspaceNotAllowed(
    `${teams.join(', ')} (${what})`,
    allowed.map(workspaceLabel).join(', '),
  );
}

/**
 * The read, refused (403) when the conversation or file it is about is in none of the workspaces the client may
 * read: an id is checked before the read runs, a `#name` (found in those workspaces) once the answer names it.
 */
export async function withinWorkspaces<A extends { body: Obj }>(
  read: () => Promise<A>,
  policy: ReadPolicy<never> | undefined,
  params: unknown,
  slack: SlackGateway,
  access: SlackAccess,
  allowed: readonly Workspace[],
): Promise<A> {
  const about = policy as ReadPolicy<unknown> | undefined;
  const ref = about?.conversation?.(params);
  const id = ref && !ref.startsWith('#') ? (readPermalink(ref)?.channel ?? ref) : undefined;
  const file = about?.file?.(params);
  if (id) refuseOutside(await conversationTeams(slack, access, id), allowed, id);
  if (file) refuseOutside(await fileTeams(slack, access, file), allowed, `file ${file}`);
  const answer = await read();
  const named = answer.body.channel_id;
  if (ref?.startsWith('#') && typeof named === 'string')
    refuseOutside(await conversationTeams(slack, access, named), allowed, ref);
  return answer;
}
