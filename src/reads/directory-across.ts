import type { CacheStatus } from '../cache/types.js';
import { directoryScore, type Rankable } from '../slack/rank-directory.js';
import { isObject, objects } from '../slack/slack-values.js';
import type { SlackAccess, Workspace } from '../slack-client/types.js';
import { type Searched, searchedNote } from '../slack-search/directory-page.js';
import { worstStatus } from '../slack-search/worst-status.js';
import { acrossNotes } from './across-words.js';
import { searchAcross } from './across-workspaces.js';
import type { DirectoryFound } from './find-page.js';
import type { ReadAnswer } from './read-definition.js';
import { renderOnce } from './with-compact.js';
import type { Wording } from './wording.js';

type Found = { item: Record<string, unknown>; score: number };
type Params = { query?: string; count: number; cursor?: string; response_format?: string };
type Answer = { body: Body; cache: CacheStatus };
type Body = Record<string, unknown>;

/** What differs between the channel, people and user-group directories in a search across workspaces. */
export interface DirectoryAcross<D, P extends Params, A extends Answer = Answer> {
  /** The body's list: `channels`, `users`. */
  list: string;
  nouns: [one: string, many: string];
  /** How `searched` names one entry. */
  what: 'channel' | 'person' | 'user group';
  /** The read in one workspace, as it answers alone. */
  one(deps: D, access: SlackAccess, params: P, wording: Wording): Promise<A>;
  /** Without a query, what each workspace lists its entries by (user groups: their handle). */
  listedBy?(item: Record<string, unknown>): string;
  /** Whether the body names its search backend. @default true */
  backend?: boolean;
  /** The read's own notes on the merged page, from each workspace's last answer and the entries shown. */
  notes?(
    seen: Array<{ workspace: Workspace; answer: A }>,
    shown: Body[],
    params: P,
    wording: Wording,
  ): string[];
  /** What an entry of the list is ranked on, concise or as Slack sent it. */
  rankable(item: Record<string, unknown>): Rankable;
  /** Its id: Grid's ids are org-wide, so the same id in two workspaces is one entry. */
  id(item: Record<string, unknown>): string;
  summarise(wording: Wording): (found: DirectoryFound) => string;
  compact(body: never): string;
}

/** The `searched` of several directories: their entries summed, complete when each is. */
function searchedOf(bodies: Body[]): Searched | undefined {
  const all = bodies.map((b) => b.searched).filter(isObject);
  if (all.length === 0) return undefined;
  const searched: Searched = {
    entries: all.reduce((n, s) => n + Number(s.entries ?? 0), 0),
    complete: all.every((s) => s.complete === true),
  };
  if (all.some((s) => s.bounded === true)) searched.bounded = true;
  return searched;
}

/**
 * A channel or people search over several workspaces: each workspace's directory searched as it is alone
 * (its guest rule and backend kept), merged by the directories' own score (ties in each workspace's order), an
 * entry found in two workspaces (one id) once, totals summed, one cursor for all.
 */
export const directoryAcross =
  <D, P extends Params, A extends Answer = Answer>(read: DirectoryAcross<D, P, A>) =>
  async (
    deps: D,
    workspaces: Workspace[],
    params: P,
    wording: Wording,
    deadline: number,
  ): Promise<ReadAnswer> => {
    const compact = params.response_format === 'compact';
    const asked = (compact ? { ...params, response_format: 'concise' } : params) as P;
    const answers: A[] = [];
    const last = new Map<string, A>();
    const query = asked.query;
    const listedBy = read.listedBy;
    const before =
      query === undefined && listedBy
        ? (a: Found, b: Found) => listedBy(a.item).localeCompare(listedBy(b.item)) < 0
        : (a: Found, b: Found) => a.score > b.score;
    const found = await searchAcross<Found>({
      sources: workspaces.map((w) => ({ key: w.id, workspaces: [w] })),
      cursor: asked.cursor,
      cursorParam: wording.param('cursor'),
      count: asked.count,
      deadline,
      page: async (source, at) => {
        const answer = await read.one(deps, source.workspaces[0].access, { ...asked, cursor: at }, wording);
        answers.push(answer);
        last.set(source.key, answer);
        const body = answer.body;
        const meta = isObject(body.response_metadata) ? body.response_metadata : {};
        const items = objects(isObject(body.results) ? body.results[read.list] : body[read.list]);
        const summary = String(body.summary);
        const total = Number(/^Found (\d+)/.exec(summary)?.[1] ?? items.length);
        return {
          items: items.map((item) => ({
            item,
            score: query === undefined ? 0 : directoryScore(query, read.rankable(item)),
          })),
          total,
          atLeast: body.backend === 'rts' && Boolean(meta.next_cursor),
          next: typeof meta.next_cursor === 'string' ? meta.next_cursor : undefined,
        };
      },
      before,
      sameAs: ({ item }) => read.id(item) || undefined,
    });
    const list = found.hits.map((h) => ({ ...h.item.item, workspace: h.workspace.name }));
    const searched = searchedOf([...last.values()].map((a) => a.body));
    const notes = acrossNotes(workspaces, found, read.nouns);
    // A directory still loading (or failing to) is named: the others' entries were searched whole.
    for (const w of workspaces) {
      const own = last.get(w.id)?.body.searched;
      if (isObject(own) && own.complete !== true)
        notes.push(`${w.name}: ${searchedNote(own as unknown as Searched, read.what)}`);
    }
    if (searched?.complete) notes.unshift(searchedNote(searched, read.what));
    if (found.atLeast) notes.push("Slack's real-time search reports no total: there are more.");
    if (read.notes) {
      const seen = workspaces.flatMap((workspace) => {
        const answer = last.get(workspace.id);
        return answer ? [{ workspace, answer }] : [];
      });
      notes.push(...read.notes(seen, list, asked, wording));
    }
    const summary = read.summarise(wording)({
      shown: list.length,
      total: found.atLeast ? undefined : found.total,
      more: Boolean(found.nextCursor),
      notes,
    });
    const [first] = answers;
    const more = found.nextCursor ? { response_metadata: { next_cursor: found.nextCursor } } : {};
    const shownQuery = typeof first?.body.query === 'string' ? first.body.query : query;
    const body = {
      ok: true as const,
      ...(shownQuery === undefined ? {} : { query: shownQuery }),
      ...(read.backend === false ? {} : { backend: first?.body.backend ?? 'legacy' }),
      [read.list]: list,
      ...(searched ? { searched } : {}),
      summary,
      ...more,
    };
    const cache = worstStatus(answers.map((a) => a.cache));
    if (!compact) return { body, cache };
    return { body, cache, text: renderOnce(body as never, read.compact) };
  };
