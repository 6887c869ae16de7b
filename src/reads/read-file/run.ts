import type { CacheStatus } from '../../cache/types.js';
import { Errors } from '../../errors.js';
import { codePoints, unitIndex } from '../../slack/code-points.js';
import { fileKind } from '../../slack/file-kind.js';
import { isoOf, readableSize } from '../../slack/find-bodies.js';
import { cutToBytes, jsonTextBytes } from '../../slack/llm-budget.js';
import { filled, isObject, num, type SlackObject, str } from '../../slack/slack-values.js';
import { TRUNCATION_NOTE } from '../../slack/truncate-text.js';
import { slackCodeOf } from '../../slack-client/map-slack-error.js';
import type { SlackAccess } from '../../slack-client/types.js';
import type { Wording } from '../wording.js';
import { cutShortNote, downloadedNote, type FileText, fileText } from './file-text.js';
import type { FileBody, ReadFileParams } from './schemas.js';
import type { ReadFileDeps } from './services.js';

const GONE = new Set(['file_not_found', 'file_deleted']);

/** How to read on in the file after `offset` characters. */
const readOn = (w: Wording, fileId: string, offset: number) =>
  w.surface === 'rest'
    ? `GET ${w.path('read-file', { file_id: fileId })}?offset=${offset}`
    : `${w.tool('read-file')} with file_id=${fileId} and offset=${offset}`;

function facts(f: SlackObject, userName: string | undefined) {
  const user = filled(f.user) ?? null;
  const updated = num(f.updated);
  return {
    file_id: str(f.id) ?? '',
    title: filled(f.title) ?? str(f.name) ?? '',
    name: str(f.name) ?? '',
    file_type: str(f.filetype) ?? '',
    kind: fileKind({ filetype: str(f.filetype), mimetype: str(f.mimetype), mode: str(f.mode) }),
    mimetype: str(f.mimetype) ?? '',
    size: num(f.size) ?? 0,
    user_id: user,
    user_name: userName ?? null,
    created: isoOf(num(f.created)),
    ...(updated ? { updated: isoOf(updated) } : {}),
    permalink: str(f.permalink) ?? '',
  };
}

/** A file's metadata (files.info) and its text: canvases and HTML as Markdown-like text, text as it is. */
export async function readFile(
  deps: ReadFileDeps,
  access: SlackAccess,
  params: ReadFileParams,
  wording: Wording,
): Promise<{ body: FileBody; cache: CacheStatus }> {
  // A file shared in no public channel is asked again within ACCESS_RECHECK_MS, never served stale.
  const info = await deps.slack
    .cachedUnlessPrivate(access, 'files.info', { file: params.file_id }, (body) =>
      isObject(body.file) ? body.file.is_public === true : false,
    )
    .catch((err: unknown) => {
      const code = slackCodeOf(err);
      if (code && GONE.has(code))
        throw new Errors.SlackNotFound(`no file ${params.file_id} that this Slack user can see (${code})`);
      throw err;
    });
  const file = isObject(info.value.file) ? info.value.file : {};
  const user = filled(file.user);
  const [name, text] = await Promise.all([
    user ? deps.slack.userName(access, user).catch(() => undefined) : undefined,
    fileText(deps, access, file, info),
  ]);
  const about = facts(file, name);
  const label = `${about.kind === 'canvases' ? 'canvas' : (filled(file.pretty_type) ?? 'file')} "${about.title}"${name ? ` by @${name}` : ''}`;
  if (!text.read) {
    const summary = `Read the metadata of ${label} (${readableSize(about.size)}); no text was read: ${text.why}. Open it in Slack: ${about.permalink}`;
    const none = { text: null, text_format: null, text_chars: 0, offset: 0, truncated: false, summary };
    const body =
      params.response_format === 'detailed'
        ? { ...info.value, ok: true as const, ...none }
        : { ok: true as const, file: about, ...none };
    return { body, cache: info.status };
  }
  const read = textPart(text, params, about, label, deps.maxResponseBytes, wording);
  const body =
    params.response_format === 'detailed'
      ? { ...info.value, ok: true as const, ...read }
      : { ok: true as const, file: about, ...read };
  return { body, cache: text.fromCache ? info.status : 'MISS' };
}

/** The part of the text asked for (offset, max_text_chars), within the byte cap, and the summary saying what was read. */
function textPart(
  text: FileText & { read: true },
  params: ReadFileParams,
  about: ReturnType<typeof facts>,
  label: string,
  maxBytes: number,
  wording: Wording,
) {
  // Offsets count code points, found without spreading the text (it may be 2,000,000 characters long).
  const total = codePoints(text.text);
  const from = Math.min(params.offset, total);
  const end = params.max_text_chars === 0 ? total : Math.min(total, from + params.max_text_chars);
  const start = unitIndex(text.text, from);
  let slice = text.text.slice(start, unitIndex(text.text, end - from, start));
  // The byte cap keeps the text's start (room for the file's facts and the summary); the summary says where to read on.
  const room = maxBytes - Buffer.byteLength(JSON.stringify(about)) - 1200;
  let shownEnd = end;
  if (jsonTextBytes(slice) > room) {
    slice = cutToBytes(slice, Math.max(0, room));
    shownEnd = from + codePoints(slice) - (slice ? codePoints(TRUNCATION_NOTE) : 0);
  }
  const truncated = shownEnd < total;
  const kind = text.format === 'markdown' ? 'Markdown-like text' : 'text';
  const parts = [`Read ${label}: ${downloadedNote(text, about.size)} as ${total} characters of ${kind}.`];
  if (text.short) parts.push(cutShortNote(text.short));
  if (truncated || from > 0) {
    const more = truncated
      ? `: continue with ${readOn(wording, about.file_id, shownEnd)} (${wording.setting('max_text_chars', 0)} reads it all)`
      : '';
    parts.push(`Showing characters ${from}–${shownEnd} of ${total}${more}.`);
  }
  return {
    text: slice,
    text_format: text.format,
    text_chars: total,
    offset: from,
    truncated,
    summary: parts.join(' '),
  };
}
