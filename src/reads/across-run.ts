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
 * body, byte for byte); with several, `several` merges them.
 */
export const acrossRun =
  <D extends { slack: SlackGateway }, P extends { cursor?: string }>(
    one: One<D, P>,
    several: Several<D, P>,
  ) =>
  async (deps: D, caller: ReadCaller, params: P, wording: Wording): Promise<ReadAnswer> => {
    const wanted = (params as { workspace?: string }).workspace;
    const workspaces = await workspacesOf(deps.slack, caller, wanted);
    if (workspaces.length > 1) return several(deps, workspaces, params, wording, caller.deadline);
    if (isAcrossCursor(params.cursor)) notAcrossCursor(wording);
    return one(deps, workspaces[0].access, params, wording);
  };
