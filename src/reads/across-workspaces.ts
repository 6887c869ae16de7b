import type { Workspace } from '../slack-client/types.js';
import { withDeadline } from '../slack-client/with-deadline.js';
import {
  type AcrossCursor,
  decodeAcrossCursor,
  encodeAcrossCursor,
  type SourcePosition,
} from './across-cursor.js';

/**
 * What one Slack search runs over: one workspace, or every workspace of one org-wide token when one call covers
 * them all (Real-time Search takes no team_id). `key` names it in the cursor.
 */
export interface SearchSource {
  key: string;
  workspaces: Workspace[];
}

/** One page of one source, in Slack's order. */
export interface SourcePage<T> {
  items: T[];
  total: number;
  /** `total` is what was seen so far (Real-time Search reports none). */
  atLeast?: boolean;
  /** The source's own cursor for the page after this one; undefined at its end. */
  next?: string;
}

export interface AcrossOptions<T> {
  sources: SearchSource[];
  /** Our cursor from the previous page, if any. */
  cursor?: string;
  /** How the cursor parameter is named to this caller (400 messages). */
  cursorParam: string;
  /** Hits a page. */
  count: number;
  /** Epoch ms by which the answer is due: every source answers by then or is left out, named. */
  deadline: number;
  /** One page of one source from its own cursor (undefined: its first page). */
  page(source: SearchSource, at: string | undefined): Promise<SourcePage<T>>;
  /** True when `a` ranks before `b` (each source's pages are already in that order). */
  before(a: T, b: T): boolean;
  /** The same hit found through two workspaces (a message in a shared channel: channel id + ts). */
  sameAs?(item: T): string | undefined;
  /** The workspace (T…) a hit belongs to, when it says; a source leaves out hits of another source's workspace. */
  homeOf?(item: T): string | undefined;
  /** Which of the source's workspaces a hit is from (an org-wide search names it per hit). */
  workspaceOf?(item: T, source: SearchSource): Workspace | undefined;
}

export interface AcrossHit<T> {
  item: T;
  source: SearchSource;
  workspace: Workspace;
}

export interface AcrossPage<T> {
  hits: AcrossHit<T>[];
  /** Sum of the sources' totals. */
  total: number;
  atLeast: boolean;
  nextCursor?: string;
  /** More pages exist, but the cursor for them would be longer than a cursor parameter takes. */
  cursorTooLong: boolean;
  /** Every page each source answered, in the order read. */
  pages: Array<{ source: SearchSource; page: SourcePage<T> }>;
  /** Sources that failed (Slack's error, a rate limit, the deadline); they resume where they stopped. */
  failed: Array<{ source: SearchSource; error: unknown }>;
}

interface Stream<T> {
  source: SearchSource;
  position: SourcePosition;
  /** The page being read, from cursor `at`, and how far into it. */
  page?: SourcePage<T>;
  at: string;
  i: number;
  failed: boolean;
  /** Pages read for this answer. */
  reads: number;
}

/** Time kept back from the request's deadline for merging and writing the answer. */
const MERGE_MARGIN_MS = 250;
/**
 * Pages one source may read for one answer. A source whose pages hold only hits shown through another
 * workspace would otherwise be read to its end: past this the page ends short, and the cursor resumes there.
 */
export const MAX_READS_PER_SOURCE = 4;

/** The error the caller would have met with one source: the highest status (an unknown one counts as 500). */
export function worstError(errors: unknown[]): unknown {
  const status = (e: unknown) => (e as { statusCode?: number }).statusCode ?? 500;
  return errors.reduce((worst, e) => (status(e) > status(worst) ? e : worst));
}

/**
 * One page of a search across several sources: each source searched at once with its own access, merged in one
 * ranking (`before`), a hit found through two workspaces shown once, `count` hits a page, and one cursor that
 * resumes every source where it stopped. A source that fails is reported in `failed` while the others answer;
 * when none answers, the worst error is thrown.
 */
export async function searchAcross<T>(opts: AcrossOptions<T>): Promise<AcrossPage<T>> {
  const keys = opts.sources.map((s) => s.key);
  const start: AcrossCursor = opts.cursor
    ? decodeAcrossCursor(opts.cursor, keys, opts.cursorParam)
    : new Map(keys.map((k) => [k, { total: 0, resume: { at: '', skip: 0 } }]));
  const budget = Math.max(0, opts.deadline - Date.now());
  const due = opts.deadline - Math.min(MERGE_MARGIN_MS, budget / 10);
  const pages: AcrossPage<T>['pages'] = [];
  const failed: AcrossPage<T>['failed'] = [];
  const read = async (s: Stream<T>, at: string, skip = 0) => {
    s.reads++;
    try {
      const page = await withDeadline(opts.page(s.source, at || undefined), due, budget);
      pages.push({ source: s.source, page });
      Object.assign(s, { page, at, i: Math.min(skip, page.items.length) });
    } catch (error) {
      failed.push({ source: s.source, error });
      s.failed = true;
      s.position = { total: s.page?.total ?? s.position.total, resume: { at, skip } };
    }
  };
  const streams: Stream<T>[] = opts.sources.map((source) => {
    const position = start.get(source.key) ?? { total: 0 };
    return { source, position, at: position.resume?.at ?? '', i: 0, failed: false, reads: 0 };
  });
  await Promise.all(
    streams.map((s) => s.position.resume && read(s, s.position.resume.at, s.position.resume.skip)),
  );
  if (pages.length === 0 && failed.length > 0) throw worstError(failed.map((f) => f.error));

  const hits = mergePages(streams, opts, read);
  return finish(streams, await hits, pages, failed);
}

/** Hits from the streams' heads in ranking order, reading a stream's next page when its page runs out. */
async function mergePages<T>(
  streams: Stream<T>[],
  opts: AcrossOptions<T>,
  read: (s: Stream<T>, at: string) => Promise<void>,
): Promise<AcrossHit<T>[]> {
  const homes = new Set(opts.sources.flatMap((s) => s.workspaces.map((w) => w.id)));
  const theirs = (s: Stream<T>, item: T) => {
    const home = opts.homeOf?.(item);
    return home !== undefined && homes.has(home) && !s.source.workspaces.some((w) => w.id === home);
  };
  const seen = new Set<string>();
  const shown = (item: T) => {
    const key = opts.sameAs?.(item);
    return key !== undefined && seen.has(key);
  };
  const hits: AcrossHit<T>[] = [];
  for (;;) {
    const live = streams.filter((s) => s.page && !s.failed);
    for (const s of live) {
      const items = s.page?.items ?? [];
      while (s.i < items.length && (theirs(s, items[s.i]) || shown(items[s.i]))) s.i++;
    }
    if (hits.length >= opts.count) break;
    const dry = live.filter((s) => s.i >= (s.page?.items.length ?? 0) && s.page?.next);
    if (dry.some((s) => s.reads >= MAX_READS_PER_SOURCE)) break;
    if (dry.length > 0) {
      await Promise.all(dry.map((s) => read(s, s.page?.next ?? '')));
      continue;
    }
    let pick: Stream<T> | undefined;
    for (const s of live) {
      const head = s.page?.items[s.i];
      if (head === undefined) continue;
      if (!pick || opts.before(head, pick.page?.items[pick.i] as T)) pick = s;
    }
    if (!pick?.page) break;
    const item = pick.page.items[pick.i++];
    const key = opts.sameAs?.(item);
    if (key !== undefined) seen.add(key);
    const workspace = opts.workspaceOf?.(item, pick.source) ?? pick.source.workspaces[0];
    hits.push({ item, source: pick.source, workspace });
  }
  return hits;
}

/** The totals, and the one cursor: each stream where it stopped (a failed one where it failed). */
function finish<T>(
  streams: Stream<T>[],
  hits: AcrossHit<T>[],
  pages: AcrossPage<T>['pages'],
  failed: AcrossPage<T>['failed'],
): AcrossPage<T> {
  const next: AcrossCursor = new Map();
  for (const s of streams) {
    const total = s.page?.total ?? s.position.total;
    if (s.failed || !s.page) next.set(s.source.key, s.position);
    else if (s.i < s.page.items.length) next.set(s.source.key, { total, resume: { at: s.at, skip: s.i } });
    else if (s.page.next) next.set(s.source.key, { total, resume: { at: s.page.next, skip: 0 } });
    else next.set(s.source.key, { total });
  }
  const more = [...next.values()].some((p) => p.resume);
  const nextCursor = more ? encodeAcrossCursor(next) : undefined;
  return {
    hits,
    total: [...next.values()].reduce((sum, p) => sum + p.total, 0),
    atLeast: streams.some((s) => s.page?.atLeast),
    nextCursor,
    cursorTooLong: more && nextCursor === undefined,
    pages,
    failed,
  };
}
