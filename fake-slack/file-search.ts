import { resolveUser, type SearchScope } from './search-filter.js';
import type { SearchQuery } from './search-query.js';
import { scoreText, textMatches } from './search-text.js';
import { canSeeFile, channelName } from './workspace-index.js';
import type { WorkspaceFile } from './workspace-types.js';

/** A file's words: a canvas's HTML without its head, scripts, styles and tags, entities decoded. */
export const plainText = (content: string): string =>
  content
    .replace(/<(head|script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** What a file search reads: title, name and, for text and canvases, the words of its content. */
export function fileSearchText(file: WorkspaceFile): string {
  return `${file.title}\n${file.name}\n${plainText((file.content ?? '').slice(0, 50_000))}`.toLowerCase();
}

/** The files the viewer may see that match the query (words, in:, from:, dates), best first. */
export function searchFiles(
  query: SearchQuery,
  scope: SearchScope,
): { file: WorkspaceFile; score: number }[] {
  const { index, viewerId } = scope;
  return [...index.files.values()]
    .filter((file) => canSeeFile(file, index, viewerId))
    .filter(
      (file) =>
        !query.in.length ||
        query.in.some((ref) =>
          file.channels.some((id) => {
            const channel = index.channels.get(id);
            if (!channel) return false;
            return ref.id ? ref.id === id : channelName(channel, index).toLowerCase() === ref.name;
          }),
        ),
    )
    .filter((file) => !query.from.length || query.from.some((ref) => resolveUser(ref, scope) === file.user))
    .filter((file) => file.created >= (query.since ?? 0) && file.created < (query.until ?? Infinity))
    .map((file) => ({ file, text: fileSearchText(file) }))
    .filter(({ text }) => textMatches(query, text))
    .map(({ file, text }) => ({ file, score: scoreText(query, text) }));
}
