import type { WorkspaceMessage, WorkspaceTeam } from './workspace-types.js';

/** `https://<domain>.slack.com/archives/<C>/p<ts digits>`, plus `?thread_ts=&cid=` for thread replies. */
export function permalinkFor(team: WorkspaceTeam, message: WorkspaceMessage): string {
  const base = `https://${team.domain}.slack.com/archives/${message.channel}/p${message.ts.replace('.', '')}`;
  if (!message.threadTs || message.threadTs === message.ts) return base;
  return `${base}?thread_ts=${message.threadTs}&cid=${message.channel}`;
}
