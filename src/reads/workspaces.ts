import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess, Workspace } from '../slack-client/types.js';
import type { ReadCaller } from './caller.js';

/** A workspace as its token's auth.test tells it: its id, and its domain (the URL's first label) as its name. */
async function workspaceOf(slack: SlackGateway, access: SlackAccess): Promise<Workspace> {
  const me = await slack.whoAmI(access);
  const domain = new URL(me.url).hostname.split('.')[0];
  return { id: me.teamId, name: domain, domain, access: { ...access, teamId: me.teamId } };
}

/**
 * Every workspace the caller reads: one per Slack access, once each. One access is today's workspace, read as
 * it always was (no call to Slack here).
 */
export async function workspacesOf(
  slack: SlackGateway,
  caller: ReadCaller,
  _wanted?: string,
): Promise<Workspace[]> {
  const accesses = caller.slackAccesses?.() ?? [caller.slackAccess()];
  if (accesses.length === 1) return [{ id: accesses[0].teamId ?? '', name: '', access: accesses[0] }];
  const settled = await Promise.allSettled(accesses.map((access) => workspaceOf(slack, access)));
  const all = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s) => s.status === 'rejected');
  if (all.length === 0 && failed) throw failed.reason;
  const seen = new Set<string>();
  return all.filter((w) => !seen.has(w.id) && seen.add(w.id));
}
