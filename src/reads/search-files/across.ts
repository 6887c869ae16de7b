import type { CacheStatus } from '../../cache/types.js';
import { isObject, objects } from '../../slack/slack-values.js';
import type { Workspace } from '../../slack-client/types.js';
import { worstStatus } from '../../slack-search/worst-status.js';
import { acrossNotes } from '../across-words.js';
import { searchAcross } from '../across-workspaces.js';
import { renderOnce } from '../with-compact.js';
import type { Wording } from '../wording.js';
import { compactFiles } from './compact.js';
import { type FilesDeps, readOne, searchFiles } from './run.js';
import type { ConciseFilesBody, FilesBody, SearchFilesParams } from './schemas.js';

type Found = { item: Record<string, unknown>; rank: number };

/** The files of one workspace's answer: the concise matches, or Slack's own objects. */
function filesOf(body: Record<string, unknown>): Record<string, unknown>[] {
  if (isObject(body.files)) return objects(body.files.matches);
  return objects(isObject(body.results) ? body.results.files : undefined);
}

/**
 * Files from several workspaces: each searched at once as it is alone, merged rank by rank (Slack ranks files
 * by relevance within one workspace only), a file shared into two workspaces once, one cursor for all.
 */
export async function searchFilesAcross(
  deps: FilesDeps,
  workspaces: Workspace[],
  params: SearchFilesParams,
  wording: Wording,
  deadline: number,
): Promise<{ body: FilesBody; cache: CacheStatus; text?: string }> {
  const compact = params.response_format === 'compact';
  const asked = compact ? { ...params, response_format: 'concise' as const } : params;
  const answers: Array<{ body: FilesBody; cache: CacheStatus }> = [];
  const found = await searchAcross<Found>({
    sources: workspaces.map((w) => ({ key: w.id, workspaces: [w] })),
    cursor: asked.cursor,
    cursorParam: wording.param('cursor'),
    count: asked.count,
    deadline,
    page: async (source, at) => {
      const answer = await searchFiles(deps, source.workspaces[0].access, { ...asked, cursor: at }, wording);
      answers.push(answer);
      const body = answer.body as Record<string, unknown>;
      const meta = isObject(body.response_metadata) ? body.response_metadata : {};
      const files = filesOf(body);
      const total =
        isObject(body.files) && typeof body.files.total === 'number' ? body.files.total : files.length;
      return {
        items: files.map((item, rank) => ({ item, rank })),
        total,
        atLeast: String(body.summary).startsWith('Found at least'),
        next: typeof meta.next_cursor === 'string' ? meta.next_cursor : undefined,
      };
    },
    before: (a, b) => a.rank < b.rank,
    sameAs: ({ item }) => String(item.file_id ?? item.id ?? ''),
  });
  const matches = found.hits.map((h) => ({ ...h.item.item, workspace: h.workspace.name }));
  const shown = matches.length;
  const head = `Found ${found.atLeast ? 'at least ' : ''}${found.total} ${found.total === 1 ? 'file' : 'files'}${shown < found.total ? `, showing ${shown}` : ''}.`;
  const summary = [
    head,
    ...acrossNotes(workspaces, found, ['file', 'files']),
    ...(found.nextCursor ? ['Use next_cursor for more results.'] : []),
    shown > 0 ? readOne(wording) : 'Try fewer or other words, or no types.',
  ].join(' ');
  const [first] = answers;
  const backend = (first?.body.backend ?? 'legacy') as ConciseFilesBody['backend'];
  const more = found.nextCursor ? { response_metadata: { next_cursor: found.nextCursor } } : {};
  const body = {
    ok: true as const,
    query: typeof first?.body.query === 'string' ? first.body.query : asked.query,
    backend,
    files: { total: found.total, matches },
    summary,
    ...more,
  } as FilesBody;
  const cache = worstStatus(answers.map((a) => a.cache));
  if (!compact) return { body, cache };
  return { body, cache, text: renderOnce(body as ConciseFilesBody, compactFiles) };
}
