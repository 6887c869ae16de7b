/** What a Slack message link points at. */
export interface MessageLink {
  /** `acme.slack.com` or `acme.enterprise.slack.com`. */
  host: string;
  channel: string;
  ts: string;
  /** The thread's root, when the link is to a reply (`?thread_ts=`). */
  threadTs?: string;
}

const HOST = /^[a-z0-9][a-z0-9-]*(\.enterprise)?\.slack\.com$/;
const PATH = /^\/archives\/([CGD][A-Z0-9]{2,40})\/p(\d{10})(\d{6})\/?$/;
const TS = /^\d{9,10}\.\d{6}$/;

/**
 * A Slack message link (`https://<workspace>.slack.com/archives/<channel>/p<ts>`, optionally with
 * `?thread_ts=…&cid=…`), parsed and never fetched; a sentence saying what is wrong when it is not one.
 */
export function parseMessageLink(raw: string): MessageLink | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'is not a URL' };
  }
  if (url.protocol !== 'https:' || !HOST.test(url.hostname)) {
    return { problem: 'is not a Slack link (https://<workspace>.slack.com/…)' };
  }
  const path = PATH.exec(url.pathname);
  if (!path) return { problem: 'is not a Slack message link (…/archives/<channel id>/p<16 digits>)' };
  const [, channel, seconds, micros] = path;
  const threadTs = url.searchParams.get('thread_ts') ?? undefined;
  if (threadTs !== undefined && !TS.test(threadTs)) {
    return { problem: 'has a thread_ts that is not a Slack ts (1234567890.123456)' };
  }
  return { host: url.hostname, channel, ts: `${seconds}.${micros}`, ...(threadTs ? { threadTs } : {}) };
}

/**
 * The host a token's workspace URL (auth.test `url`) names. A link on another workspace's host cannot be
 * read with it; Enterprise Grid links (`*.enterprise.slack.com`) may name any of the org's workspaces,
 * and an org-wide token (its URL is the organisation's) reads all of them, so only plain workspace hosts
 * are compared.
 */
export function otherWorkspace(linkHost: string, workspaceUrl: string): string | undefined {
  if (linkHost.endsWith('.enterprise.slack.com')) return undefined;
  let own: string;
  try {
    own = new URL(workspaceUrl).hostname;
  } catch {
    return undefined;
  }
  if (own.endsWith('.enterprise.slack.com')) return undefined;
  return own && own !== linkHost ? own : undefined;
}
