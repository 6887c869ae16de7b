import type { CacheStatus, CacheStore, Clock } from '../cache/types.js';
import { cacheKey } from '../slack-client/keys.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess, SlackBody } from '../slack-client/types.js';
import {
  type DirectoryRecord,
  HeldDirectories,
  type HeldDirectory,
  PieceLost,
  type RecordShape,
} from './directory-held.js';
import { type ListSpec, loadDirectory, MAX_DIRECTORY_ENTRIES, PAGE_LIMIT } from './directory-load.js';
import { DirectoryStore, type Generation, type Head, PACE_WINDOW_MS } from './directory-store.js';

/** One Slack list read into a directory of records (conversations.list, users.list), and how it is searched. */
export interface DirectorySpec<T extends DirectoryRecord> extends ListSpec<T>, RecordShape<T> {
  /** Names the directory in cache keys (`channels-public`…). */
  kind: string;
}

/** How far a directory's load is, for what a search says it searched. */
export interface DirectoryProgress {
  /** Every page was read. */
  complete: boolean;
  /** The load stopped at MAX_DIRECTORY_ENTRIES with more in Slack's list. */
  bounded: boolean;
  /** While loading: records stored in the last minute (0 when no page came in it). */
  perMinute?: number;
}

/** A directory as a search sees it: the records this process holds, searchable, and how far it is. */
export interface DirectoryView<T extends DirectoryRecord> extends DirectoryProgress {
  held: HeldDirectory<T> | undefined;
  /** HIT: loaded and fresh; STALE: loaded, a reload under way; MISS: the first load under way. */
  status: CacheStatus;
}

/** A complete directory is used as it is this long (or four times its last load, if longer), then reloaded. */
export const DIRECTORY_FRESH_MS = 15 * 60_000;
/** How long a request waits for a directory not loaded at all yet before answering with what it has. */
const FIRST_WAIT_MS = 3_000;
/** The records one process holds for searches, all directories together (least recently used go first). */
const MAX_HELD_ENTRIES = 300_000;

export interface DirectoryDeps {
  slack: SlackGateway;
  store: CacheStore;
  clock: Clock;
  /** @default MAX_DIRECTORY_ENTRIES */
  maxEntries?: number;
}

/** However long a load took (one resumed after a day, say), its directory is reloaded within this. */
const MAX_FRESH_MS = 6 * 3_600_000;

/**
 * Whether a finished load is still fresh at `now`: a big directory, slow to load, is reloaded less often, so
 * refreshes take at most a fifth of the list method's budget.
 */
function isFresh(ready: Generation | undefined, now: number): boolean {
  if (!ready?.doneAt) return false;
  const took = ready.doneAt - ready.startedAt;
  return now < ready.doneAt + Math.min(MAX_FRESH_MS, Math.max(DIRECTORY_FRESH_MS, 4 * took));
}

/** Records stored in the last minute (PACE_WINDOW_MS): what Slack listed lately, no forecast. */
function paceOf(gen: Generation, now: number): number {
  const last = gen.recent[gen.recent.length - 1];
  if (!last) return 0;
  const before = gen.recent.filter(([at]) => at <= now - PACE_WINDOW_MS).pop();
  return last[1] - (before?.[1] ?? 0);
}

function progressOf(gen: Generation | undefined, now: number): DirectoryProgress {
  if (!gen) return { complete: false, bounded: false };
  if (gen.done) return { complete: !gen.bounded, bounded: gen.bounded === true };
  return { complete: false, bounded: false, perMinute: paceOf(gen, now) };
}

/** What the directory of a load waits for: the next piece this process's loader stores. */
interface Waiter {
  wake: () => void;
  promise: Promise<void>;
}

/**
 * Channel and people directories (Slack has no search for them without Real-time Search): read page by page
 * under the rate gate (Tier 2) into the shared cache (Redis when configured, so replicas share them) as
 * pieces named by a small head, resumable from Slack's cursor by any replica, refreshed in the background
 * once stale, and searched while still loading from an index this process builds once per piece. `scope`
 * says whose view it is: a workspace's (`team:T…`) when every caller sees the same, else one token's.
 */
export class Directories {
  readonly #loads = new Map<string, Promise<'here' | 'elsewhere'>>();
  readonly #held = new HeldDirectories(MAX_HELD_ENTRIES);
  /** Requests waiting for the next piece this process's loader stores, by directory. */
  readonly #nextPiece = new Map<string, Waiter>();
  readonly #maxEntries: number;
  #closed = false;

  constructor(private readonly deps: DirectoryDeps) {
    this.#maxEntries = deps.maxEntries ?? MAX_DIRECTORY_ENTRIES;
  }

  /**
   * The directory as far as it is stored: a fresh complete one as it is; a stale one while a reload runs;
   * while the first load runs, what it stored so far (none yet: the request waits for its first piece a
   * little, FIRST_WAIT_MS within its deadline, or `waitMs`). `firstPage`: that load's first page, already
   * asked for (see `firstPage`).
   */
  async get<T extends DirectoryRecord>(
    access: SlackAccess,
    scope: string,
    spec: DirectorySpec<T>,
    { firstPage, waitMs = FIRST_WAIT_MS }: { firstPage?: Promise<SlackBody>; waitMs?: number } = {},
  ): Promise<DirectoryView<T>> {
    const dir = this.#dirOf(scope, spec);
    const head = await dir.head();
    const served = await this.#serve(dir, spec, head);
    const load =
      served.needsLoad && !this.#closed ? this.#startLoad(dir, access, spec, firstPage) : undefined;
    if (served.copy) {
      load?.catch(() => {});
      return this.#viewOf(head, served.gen, served.copy);
    }
    const { clock } = this.deps;
    await this.#firstWait(dir, load, Math.max(0, Math.min(waitMs, access.deadline - clock() - 500)));
    const after = await dir.head();
    const again = await this.#serve(dir, spec, after);
    return this.#viewOf(after, again.gen, again.copy);
  }

  /** The directory as stored (no load starts), or undefined when none is. */
  async peek<T extends DirectoryRecord>(
    scope: string,
    spec: DirectorySpec<T>,
  ): Promise<DirectoryView<T> | undefined> {
    const dir = this.#dirOf(scope, spec);
    const head = await dir.head();
    const served = await this.#serve(dir, spec, head);
    return served.copy ? this.#viewOf(head, served.gen, served.copy) : undefined;
  }

  /**
   * A load's first page, asked for before the caller knows whose view (scope) it will be stored as, so it
   * runs beside another call; pass it to `get` once the scope is known.
   */
  firstPage<T extends DirectoryRecord>(access: SlackAccess, spec: DirectorySpec<T>): Promise<SlackBody> {
    const args = { ...spec.args, limit: PAGE_LIMIT };
    const page = this.deps.slack.live({ ...access, deadline: this.deps.clock() + 60_000 }, spec.method, args);
    page.catch(() => {});
    return page;
  }

  /** Stops loads under way after their current page (the app is closing); each leaves its lease. */
  close(): void {
    this.#closed = true;
  }

  /** Loads under way in this process (tests wait for them). */
  settled(): Promise<void> {
    return Promise.allSettled([...this.#loads.values()]).then(() => undefined);
  }

  #dirOf<T extends DirectoryRecord>(scope: string, spec: DirectorySpec<T>): DirectoryStore {
    const base = cacheKey(`directory:${spec.kind}`, scope, spec.args);
    return new DirectoryStore(this.deps.store, this.deps.clock, base);
  }

  /** Starts (or resumes) a load here unless one runs here already; another replica's lease stops it there. */
  #startLoad<T extends DirectoryRecord>(
    dir: DirectoryStore,
    access: SlackAccess,
    spec: DirectorySpec<T>,
    firstPage?: Promise<SlackBody>,
  ): Promise<'here' | 'elsewhere'> {
    const running = this.#loads.get(dir.base);
    if (running) return running;
    const { slack, clock } = this.deps;
    const load = loadDirectory({
      slack,
      clock,
      dir,
      access,
      spec,
      firstPage,
      maxEntries: this.#maxEntries,
      fresh: (head) => isFresh(head.ready, clock()),
      onPiece: (gen, n, records) => this.#held.add(dir.base, gen, n, records, spec),
      onHead: () => this.#wake(dir.base),
      stopped: () => this.#closed,
    });
    this.#loads.set(dir.base, load);
    load
      .catch(() => 'here')
      .finally(() => {
        this.#loads.delete(dir.base);
        this.#wake(dir.base);
      });
    return load;
  }

  /** The generation searches use, this process's copy of it, and whether a load should run. */
  async #serve<T extends DirectoryRecord>(dir: DirectoryStore, spec: DirectorySpec<T>, head: Head) {
    const gen = head.ready ?? head.loading;
    const needsLoad = head.loading !== undefined || !isFresh(head.ready, this.deps.clock());
    if (!gen || gen.pieces === 0) return { gen, copy: undefined, needsLoad };
    try {
      const copy = await this.#held.view(dir, gen, spec, head.loading?.id);
      return { gen, copy, needsLoad };
    } catch (err) {
      if (!(err instanceof PieceLost)) throw err;
      // A piece is gone (evicted, expired, Redis lost it): that generation cannot be served; load anew.
      const left: Head = head.ready?.id === gen.id ? { v: 2, loading: head.loading } : { v: 2 };
      await dir.writeHead(left);
      return { gen: undefined, copy: undefined, needsLoad: true };
    }
  }

  #viewOf<T extends DirectoryRecord>(
    head: Head,
    gen: Generation | undefined,
    copy: HeldDirectory<T> | undefined,
  ): DirectoryView<T> {
    const now = this.deps.clock();
    const status: CacheStatus = head.ready ? (isFresh(head.ready, now) ? 'HIT' : 'STALE') : 'MISS';
    return { held: copy, status, ...progressOf(gen, now) };
  }

  /** Waits for a load's first piece (here, or on the replica holding the lease) at most `waitMs`. */
  async #firstWait(dir: DirectoryStore, load: Promise<'here' | 'elsewhere'> | undefined, waitMs: number) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    const elsewhere = load?.then((where) =>
      where === 'elsewhere' ? this.#pollForPiece(dir, waitMs) : undefined,
    );
    // A first load that fails at once (a revoked token, a missing scope) fails this request too.
    await Promise.race([elsewhere, this.#pieceStored(dir.base), timeout]).finally(() => clearTimeout(timer));
  }

  async #pollForPiece(dir: DirectoryStore, waitMs: number): Promise<void> {
    const until = this.deps.clock() + waitMs;
    while (this.deps.clock() < until && !this.#closed) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const head = await dir.head();
      if ((head.ready ?? head.loading)?.pieces) return;
    }
  }

  /** Resolves when this process's loader of `base` stores its next piece (or stops). */
  #pieceStored(base: string): Promise<void> {
    let waiter = this.#nextPiece.get(base);
    if (!waiter) {
      let wake = () => {};
      const promise = new Promise<void>((resolve) => {
        wake = resolve;
      });
      waiter = { wake, promise };
      this.#nextPiece.set(base, waiter);
    }
    return waiter.promise;
  }

  #wake(base: string): void {
    this.#nextPiece.get(base)?.wake();
    this.#nextPiece.delete(base);
  }
}

export const createDirectories = (deps: DirectoryDeps) => new Directories(deps);
