import type { Cached } from '../../cache/types.js';
import { readAs } from '../../slack/file-kind.js';
import { readableSize } from '../../slack/find-bodies.js';
import { htmlToText, mentionIds } from '../../slack/html-to-text.js';
import { filled, num, type SlackObject, str } from '../../slack/slack-values.js';
import { lookUpNames } from '../../slack/user-names.js';
import { downloadFile } from '../../slack-client/download-file.js';
import type { SlackAccess, SlackBody } from '../../slack-client/types.js';
import type { ReadFileDeps } from './services.js';

/** A file's text as read once for one caller: cached per token (never served to another), as long as its files.info. */
export type FileText =
  | { read: true; text: string; format: 'markdown' | 'text'; downloaded: number; cut: boolean }
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
    const text = as === 'html' ? await htmlToText(raw, await mentionNames(deps, access, raw)) : raw;
    result = {
      read: true,
      text,
      format: as === 'html' ? 'markdown' : 'text',
      downloaded: got.bytes.length,
      cut: got.truncated,
    };
  }
  // A refusal or failure is asked again next time; only text read is kept.
  if (result.read) await answers.set(key, result, [info]);
  return { ...result, fromCache: false };
}

/** Names of the people and channels an HTML document mentions (lookups bounded, never failing the read). */
async function mentionNames(deps: ReadFileDeps, access: SlackAccess, html: string) {
  const ids = mentionIds(html);
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

export const sizeOf = (file: SlackObject) => num(file.size);
