import type { Cached } from '../../cache/types.js';
import { Errors, withRetryAfter } from '../../errors.js';
import { readAs } from '../../slack/file-kind.js';
import { readableSize } from '../../slack/find-bodies.js';
import type { Converted } from '../../slack/html-to-text.js';
import { mentionIds, nameMentions } from '../../slack/mentions.js';
import { filled, num, type SlackObject, str } from '../../slack/slack-values.js';
import { lookUpNames } from '../../slack/user-names.js';
import { downloadFile } from '../../slack-client/download-file.js';
import type { SlackAccess, SlackBody } from '../../slack-client/types.js';
import { CONVERT_MS, ConversionFailed, MAX_HTML_TEXT_CHARS } from './html-conversions.js';

/** Where an HTML file's conversion stopped short: at the time or size limit, after `read` of `of` characters. */
export type CutShort = { by: 'time' | 'size'; read: number; of: number };

import type { ReadFileDeps } from './services.js';

/** A file's text as read once for one caller: cached per token (never served to another), as long as its files.info. */
export type FileText =
  | {
      read: true;
      text: string;
      format: 'markdown' | 'text';
      downloaded: number;
      cut: boolean;
      /** Set when the HTML was converted only in part. */
      short?: CutShort;
    }
  | { read: false; why: string };

/** Downloads and converts a file's text for the caller (their token), or says why none was read. */
export async function fileText(
  deps: ReadFileDeps,
  access: SlackAccess,
  file: SlackObject,
  info: Cached<SlackBody>,
): Promise<FileText & { fromCache: boolean }> {
  const traits = { filetype: str(file.filetype), mimetype: str(file.mimetype), mode: str(file.mode) };
  const as = readAs(traits);
  if (as === 'none') {
    const type = filled(file.pretty_type) ?? str(file.filetype) ?? 'file';
    return { read: false, why: `a ${type} is read as metadata only`, fromCache: false };
  }
  const url = filled(file.url_private_download) ?? filled(file.url_private);
  if (!url) return { read: false, why: 'Slack gave no download URL for it', fromCache: false };
  const { answers, slack } = deps;
  const key = answers.key('file-text', slack.identityOf(access), {
    id: file.id,
    updated: file.updated ?? file.created,
    url,
  });
  const cached = await answers.get<FileText>(key);
  if (cached) return { ...cached, fromCache: true };
  const got = await downloadFile(url, access.token, deps.download, access.deadline);
  let result: FileText;
  if (!got.ok) result = { read: false, why: `it was not downloaded: ${got.reason}` };
  else if (as === 'text' && /^text\/html/i.test(got.contentType))
    result = { read: false, why: 'the file host sent a web page instead of the file (a sign-in page?)' };
  else {
    const raw = got.bytes.toString('utf8');
    const read = { read: true, downloaded: got.bytes.length, cut: got.truncated } as const;
    const html = as === 'html' ? await htmlText(deps, access, raw) : undefined;
    if (html && 'why' in html) result = { read: false, why: html.why };
    else if (html) result = { ...read, ...html, format: 'markdown' };
    else result = { ...read, text: raw, format: 'text' };
  }
  // A refusal, a failure or a conversion cut short by time is tried again next time; only text read is kept.
  if (result.read && result.short?.by !== 'time') await answers.set(key, result, [info]);
  return { ...result, fromCache: false };
}

/** An HTML file's text, off the event loop, its mentions named for this caller; or why there is none. */
async function htmlText(
  deps: ReadFileDeps,
  access: SlackAccess,
  raw: string,
): Promise<{ text: string; short?: CutShort } | { why: string }> {
  let converted: Converted;
  try {
    converted = await deps.html.convert(raw, access.deadline);
  } catch (err) {
    if (!(err instanceof ConversionFailed)) throw err;
    if (err.kind === 'busy') throw withRetryAfter(new Errors.Overloaded(1), 1);
    return { why: err.message };
  }
  const ids = mentionIds(converted.text);
  // Most documents mention no one: their text is not read a second time.
  const named = ids.users.length + ids.channels.length > 0;
  const text = named ? nameMentions(converted.text, await mentionNames(deps, access, ids)) : converted.text;
  if (converted.complete) return { text };
  return { text, short: { by: converted.stoppedBy ?? 'time', read: converted.readChars, of: raw.length } };
}

/** Names of the people and channels a text mentions (lookups bounded, never failing the read). */
async function mentionNames(deps: ReadFileDeps, access: SlackAccess, ids: ReturnType<typeof mentionIds>) {
  const [users, channels] = await Promise.all([
    lookUpNames(ids.users, (id) => deps.slack.userName(access, id)),
    lookUpNames(ids.channels, (id) => deps.slack.channelName(access, id)),
  ]);
  return { users, channels };
}

/** `1.5 KB of HTML` / `2.0 MB (the first 2 MB) of text`: what was downloaded. */
export function downloadedNote(text: FileText & { read: true }, size: number | undefined): string {
  const of = text.format === 'markdown' ? 'HTML' : 'text';
  const first = text.cut
    ? ` (only the first ${readableSize(text.downloaded)} of ${readableSize(size ?? 0)} was read)`
    : '';
  return `${readableSize(text.downloaded)} of ${of}${first}`;
}

/** What a conversion cut short says: how much of the HTML it read, and which limit stopped it. */
export function cutShortNote(short: CutShort): string {
  const share = Math.floor((100 * short.read) / Math.max(1, short.of));
  const limit =
    short.by === 'time'
      ? `its time limit (${CONVERT_MS / 1000} s)`
      : `the text limit (${MAX_HTML_TEXT_CHARS.toLocaleString('en-US')} characters)`;
  return `Only the first ${share}% of its HTML was converted: the conversion stopped at ${limit}; the rest is in Slack.`;
}

export const sizeOf = (file: SlackObject) => num(file.size);
