import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess, Workspace } from '../slack-client/types.js';
import { isAcrossCursor } from './across-cursor.js';
import { notAcrossCursor } from './across-words.js';
import type { ReadCaller } from './caller.js';
import type { ReadAnswer } from './read-definition.js';
import type { Wording } from './wording.js';
import { workspacesOf } from './workspaces.js';

type One<D, P> = (deps: D, access: SlackAccess, params: P, wording: Wording) => Promise<ReadAnswer>;
type Several<D, P> = (
  deps: D,
  workspaces: Workspace[],
  params: P,
  wording: Wording,
  deadline: number,
) => Promise<ReadAnswer>;

/**
 * A search read's `run` over every workspace the caller reads: with one, the read as it always was (the same
 * body, byte for byte, and no Slack call more); with several (several tokens, or an org-wide token of several
 * workspaces), `several` merges them. A token not seen before is searched as one workspace's while auth.test
 * (which that search asks anyway) tells whether it is an org-wide token; the token's shape is then kept
 * (TOKEN_SHAPE_TTL_MS), so only its first search waits on that.
 */
export const acrossRun =
  <D extends { slack: SlackGateway }, P extends { cursor?: string }>(
    one: One<D, P>,
    several: Several<D, P>,
  ) =>
  async (deps: D, caller: ReadCaller, params: P, wording: Wording): Promise<ReadAnswer> => {
    const alone = (access: SlackAccess) => {
      if (isAcrossCursor(params.cursor)) notAcrossCursor(wording);
      return one(deps, access, params, wording);
    };
    const listed = async () => {
      const workspaces = await workspacesOf(deps.slack, caller);
      return workspaces.length > 1
        ? several(deps, workspaces, params, wording, caller.deadline)
        : alone(workspaces[0].access);
    };
    if ((caller.slackAccesses?.().length ?? 1) > 1) return listed();
    const access = caller.slackAccess();
    if (access.teamId) return alone(access);
    const known = await deps.slack.knownIdentity(access);
    if (known) return known.orgWide ? listed() : alone(access);
    const attempt = alone(access);
    attempt.catch(() => {});
    const me = await deps.slack.whoAmI(access).catch(() => undefined);
    return me?.orgWide ? listed() : attempt;
  };
