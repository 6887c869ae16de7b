import type { ReadPolicy } from '../governance/policy/read-policy.js';
import { slackCodeOf } from '../slack-client/map-slack-error.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess, Workspace } from '../slack-client/types.js';
import type { ReadCaller } from './caller.js';
import type { ReadAnswer } from './read-definition.js';
import { withinWorkspaces } from './workspace-limit.js';
import { isTeamId, workspaceLabel, workspacesOf } from './workspaces.js';

// Every Slack read takes an optional `workspace` (an id, domain or name): the access it reads with then names
// that workspace, which an org-wide token sends as `team_id` where Slack takes one.

type Run<P> = (caller: ReadCaller, params: P) => Promise<ReadAnswer>;

/** The reads that search one workspace; the others read by id, and ids are org-wide on Enterprise Grid. */
const SEARCHES = new Set([
  'search-messages',
  'search-files',
  'search-channels',
  'search-users',
  'search-usergroups',
]);

const withAccess = (caller: ReadCaller, access: SlackAccess): ReadCaller => ({
  ...caller,
  slackAccess: () => access,
  slackAccesses: () => [access],
});

/** Slack asked for a workspace: an org-wide token read without one where Slack needs `team_id`. */
const needsWorkspace = (err: unknown) => slackCodeOf(err) === 'missing_argument';
const notFound = (err: unknown) => (err as { statusCode?: number })?.statusCode === 404;

/** A search's summary (and compact text) saying which workspace it searched of several. */
function noted(answer: ReadAnswer, searched: Workspace, all: readonly Workspace[]): ReadAnswer {
  const summary = answer.body.summary;
  if (all.length < 2 || typeof summary !== 'string') return answer;
  const others = all.filter((w) => w !== searched).map(workspaceLabel);
  const note = `Searched workspace ${workspaceLabel(searched)}; also readable: ${others.join(', ')} (name one with workspace).`;
  // Compact text opens with the summary's line.
  const lineEnd = answer.text?.indexOf('\n') ?? -1;
  const text =
    answer.text === undefined
      ? undefined
      : lineEnd < 0
        ? `${answer.text} ${note}`
        : `${answer.text.slice(0, lineEnd)} ${note}${answer.text.slice(lineEnd)}`;
  return { ...answer, body: { ...answer.body, summary: `${summary} ${note}` }, ...(text ? { text } : {}) };
}

async function inNamedWorkspace<P>(
  run: Run<P>,
  slack: SlackGateway,
  caller: ReadCaller,
  params: P,
  wanted: string,
): Promise<ReadAnswer> {
  if (isTeamId(wanted) && !caller.slackAccesses) {
    // An id needs no list to be sent: the read starts at once, and the check (auth.test and, for an org-wide
    // token, auth.teams.list) runs beside it; nothing is answered unless the caller may read that workspace.
    const access = { ...caller.slackAccess(), teamId: wanted };
    const [answer, check] = await Promise.allSettled([
      run(withAccess(caller, access), params),
      workspacesOf(slack, caller, wanted),
    ]);
    if (check.status === 'rejected') throw check.reason;
    if (answer.status === 'rejected') throw answer.reason;
    return answer.value;
  }
  const [workspace] = await workspacesOf(slack, caller, wanted);
  if (!workspace) throw new Error('workspacesOf answered no workspace');
  return run(withAccess(caller, workspace.access), params);
}

/** The read in the first workspace that has what it names (a `#name` an org-wide token must look up in one). */
async function inAnyWorkspace<P>(
  run: Run<P>,
  slack: SlackGateway,
  caller: ReadCaller,
  params: P,
  first: unknown,
): Promise<ReadAnswer> {
  let last = first;
  for (const workspace of await workspacesOf(slack, caller)) {
    try {
      return await run(withAccess(caller, workspace.access), params);
    } catch (err) {
      if (!notFound(err)) throw err;
      last = err;
    }
  }
  throw last;
}

async function inFirstWorkspace<P>(
  run: Run<P>,
  slack: SlackGateway,
  caller: ReadCaller,
  params: P,
): Promise<ReadAnswer> {
  const all = await workspacesOf(slack, caller);
  const [first] = all;
  if (!first) throw new Error('workspacesOf answered no workspace');
  return noted(await run(withAccess(caller, first.access), params), first, all);
}

/**
 * A Slack read with the `workspace` parameter. Named: the read runs in that workspace (404 naming those the
 * caller can read when it is none of them). Not named: as before with a workspace token; with an org-wide token,
 * a read by id needs no workspace, a search reads the first the token reads (its summary says which), a
 * `#name` is looked up in each in turn. An API client limited to some workspaces reads only those.
 */
export function withWorkspace<P>(
  run: Run<P>,
  slack: () => SlackGateway,
  read: string,
  policy?: ReadPolicy<never>,
): Run<P> {
  return async (caller, params) => {
    const { workspace, ...rest } = params as P & { workspace?: string };
    const others = rest as P;
    const limits = caller.apiClient?.workspaces !== undefined;
    // The workspaces a limited API client may read, listed once a request.
    let listed: Promise<Workspace[]> | undefined;
    const allowed = () => {
      listed ??= workspacesOf(slack(), caller);
      return listed;
    };
    // Ids are org-wide: what a read by id is about must be in a workspace a limited API client may read.
    const limited: Run<P> = async (as, p) =>
      withinWorkspaces(() => run(as, p), policy, p, slack(), as.slackAccess(), await allowed());
    const reads = limits && !SEARCHES.has(read) ? limited : run;
    if (workspace !== undefined) return inNamedWorkspace(reads, slack(), caller, others, workspace);
    if (limits) {
      const all = await allowed();
      const [first] = all;
      if (!first) throw new Error('workspacesOf answered no workspace');
      // A search over several it may read merges them, as for any caller (the list is already within its limits).
      if (SEARCHES.has(read) && all.length > 1) return run(caller, others);
      const answer = await reads(withAccess(caller, first.access), others);
      return SEARCHES.has(read) ? noted(answer, first, all) : answer;
    }
    try {
      return await run(caller, others);
    } catch (err) {
      if (!needsWorkspace(err) || !(await slack().whoAmI(caller.slackAccess())).orgWide) throw err;
      return SEARCHES.has(read)
        ? inFirstWorkspace(run, slack(), caller, others)
        : inAnyWorkspace(run, slack(), caller, others, err);
    }
  };
}
