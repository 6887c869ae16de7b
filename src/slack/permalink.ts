/** Slack's permalink format: `<workspace>/archives/<C>/p<ts without dot>[?thread_ts=<t>&cid=<C>]`. */
export function buildPermalink(workspaceUrl: string, channel: string, ts: string, threadTs?: string): string {
  const base = workspaceUrl.endsWith('/') ? workspaceUrl : `${workspaceUrl}/`;
  const link = `${base}archives/${channel}/p${ts.replace('.', '')}`;
  return threadTs && threadTs !== ts ? `${link}?thread_ts=${threadTs}&cid=${channel}` : link;
}

/** Search matches carry no `thread_ts`; replies say it in their permalink's query string. */
export function threadTsFromPermalink(permalink: string | undefined): string | undefined {
  const match = permalink?.match(/[?&]thread_ts=(\d+\.\d+)/);
  return match?.[1];
}
