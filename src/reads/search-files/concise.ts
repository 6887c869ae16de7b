import { fileKind } from '../../slack/file-kind.js';
import { isoOf } from '../../slack/find-bodies.js';
import { filled, num, type SlackObject, str } from '../../slack/slack-values.js';
import { truncateText } from '../../slack/truncate-text.js';
import type { ConciseFile } from './schemas.js';

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
