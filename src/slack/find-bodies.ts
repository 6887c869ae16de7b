import type { ConciseFile } from '../schemas/find-files.js';
import { fileKind } from './file-kind.js';
import { filled, num, type SlackObject, str } from './slack-values.js';
import { truncateText } from './truncate-text.js';

const isoOf = (seconds: number | undefined) =>
  seconds === undefined ? '' : new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

export { isoOf };

/** A search.files match (a Slack file object) as a concise file. */
export function conciseLegacyFile(f: SlackObject, names: Map<string, string>, maxChars: number): ConciseFile {
  const user = filled(f.user) ?? null;
  const preview = filled(f.preview_plain_text) ?? filled(f.preview);
  return {
    file_id: str(f.id) ?? '',
    title: filled(f.title) ?? str(f.name) ?? '',
    file_type: str(f.filetype) ?? '',
    kind: fileKind({ filetype: str(f.filetype), mimetype: str(f.mimetype), mode: str(f.mode) }),
    user_id: user,
    user_name: (user && names.get(user)) ?? null,
    created: isoOf(num(f.created) ?? num(f.timestamp)),
    permalink: str(f.permalink) ?? '',
    ...(preview ? { preview: maxChars ? truncateText(preview, maxChars) : preview } : {}),
  };
}

/** A real-time search file result as a concise file (its author's name as Slack sent it, when users.info has none). */
export function conciseRtsFile(f: SlackObject, names: Map<string, string>, maxChars: number): ConciseFile {
  const user = filled(f.author_user_id) ?? filled(f.uploader_user_id) ?? null;
  const preview = filled(f.content);
  return {
    file_id: str(f.file_id) ?? '',
    title: str(f.title) ?? '',
    file_type: str(f.file_type) ?? '',
    kind: fileKind({ filetype: str(f.file_type) }),
    user_id: user,
    user_name: (user && names.get(user)) ?? filled(f.author_name) ?? null,
    created: isoOf(num(f.date_created)),
    permalink: str(f.permalink) ?? '',
    ...(preview ? { preview: maxChars ? truncateText(preview, maxChars) : preview } : {}),
  };
}

/** `1.2 MB`, `41 KB`, `512 B`. */
export function readableSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 10 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}
