/** Slack's file host: `url_private_download` of a hosted file or canvas. */
export const SLACK_FILE_ORIGIN = 'https://files.slack.com';
/** Most bytes one download reads (the rest of a bigger file is not read). */
export const MAX_DOWNLOAD_BYTES = 2 * 1024 * 1024;
export const DOWNLOAD_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 2;

export interface DownloadPolicy {
  /** Origins a download may come from (scheme, host, port). */
  origins: readonly string[];
  maxBytes: number;
  timeoutMs: number;
}

/**
 * Where downloads may come from: Slack's file host over HTTPS, and, when SLACK_API_URL points elsewhere
 * (a test or the demo's fake Slack), that URL's origin too. Nothing else, whatever a file object says.
 */
export function downloadPolicy(slackApiUrl: string): DownloadPolicy {
  const api = new URL(slackApiUrl).origin;
  const origins = api === 'https://slack.com' ? [SLACK_FILE_ORIGIN] : [SLACK_FILE_ORIGIN, api];
  return { origins, maxBytes: MAX_DOWNLOAD_BYTES, timeoutMs: DOWNLOAD_TIMEOUT_MS };
}

export type Download =
  | { ok: true; bytes: Buffer; contentType: string; truncated: boolean }
  | { ok: false; reason: string };

/** The host a URL names, for messages (never its path or query, which may carry a key). */
const hostOf = (url: URL) => url.host;

function allowed(raw: string, policy: DownloadPolicy): URL | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'its download URL is not a URL';
  }
  if (!policy.origins.includes(url.origin))
    return `its download URL is on ${hostOf(url)}, not Slack's file host (${policy.origins.map((o) => new URL(o).host).join(' or ')})`;
  if (url.username || url.password) return 'its download URL carries credentials';
  return url;
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes: Buffer.concat(chunks, size), truncated: false };
      const room = maxBytes - size;
      chunks.push(Buffer.from(value.subarray(0, Math.max(0, room))));
      size += Math.min(room, value.byteLength);
      if (value.byteLength > room) return { bytes: Buffer.concat(chunks, size), truncated: true };
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/**
 * Downloads a Slack file with the caller's own token: only from the policy's origins, following a
 * redirect only to them (at most twice), within `maxBytes` (the rest is not read) and the timeout or the
 * request's deadline, whichever comes first. Never throws for what the file host does: says why instead.
 */
export async function downloadFile(
  raw: string,
  token: string,
  policy: DownloadPolicy,
  deadline: number,
): Promise<Download> {
  const signal = AbortSignal.timeout(Math.max(1, Math.min(policy.timeoutMs, deadline - Date.now())));
  let target = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const url = allowed(target, policy);
    if (typeof url === 'string') return { ok: false, reason: hop ? `it redirects elsewhere: ${url}` : url };
    let res: Response;
    try {
      res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, redirect: 'manual', signal });
    } catch (err) {
      const timedOut = (err as Error)?.name === 'TimeoutError' || signal.aborted;
      return {
        ok: false,
        reason: timedOut ? 'the download timed out' : `${hostOf(url)} could not be reached`,
      };
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      res.body?.cancel().catch(() => {});
      const next = URL.parse(location, url);
      if (!next) return { ok: false, reason: `${hostOf(url)} redirects to something that is not a URL` };
      target = next.href;
      continue;
    }
    if (res.status !== 200 || !res.body) {
      res.body?.cancel().catch(() => {});
      return { ok: false, reason: `${hostOf(url)} answered HTTP ${res.status}` };
    }
    try {
      const read = await readCapped(res.body, policy.maxBytes);
      return { ok: true, ...read, contentType: res.headers.get('content-type') ?? '' };
    } catch {
      return { ok: false, reason: signal.aborted ? 'the download timed out' : 'the download broke off' };
    }
  }
  return { ok: false, reason: `it redirects more than ${MAX_REDIRECTS} times` };
}
