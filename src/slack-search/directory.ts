import type { CacheStatus, CacheStore, Clock } from '../cache/types.js';
import { cacheKey } from '../slack-client/keys.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess, SlackBody } from '../slack-client/types.js';

/** A workspace's channels or people as loaded so far. */
export interface Snapshot<T> {
  items: T[];
  /** Every page was read. */
  complete: boolean;
  /** When the last complete load finished (0 while the first is under way). */
  loadedAt: number;
}

/** One Slack list read page by page (conversations.list, users.list). */
export interface DirectorySpec<T> {
  /** Names the directory in cache keys (`channels-public`…). */
  kind: string;
  method: string;
  args: Record<string, unknown>;
  /** The list in a page's body, trimmed to what searches need. */
  read: (body: SlackBody) => T[];
}

/** Slack's recommended page size for cursor paging. */
const PAGE_LIMIT = 200;
/** Pages one load reads at most (200 each): a directory stays bounded in memory and in Redis. */
export const MAX_DIRECTORY_PAGES = 50;
/** A complete directory is used as it is this long, then reloaded in the background (served meanwhile). */
export const DIRECTORY_FRESH_MS = 15 * 60_000;
/** A directory is dropped this long after its last load. */
const DIRECTORY_KEEP_MS = 24 * 3_600_000;
/** How long one background load may take at Tier 2 pace (20 pages a minute, shared with other callers). */
const LOAD_BUDGET_MS = 5 * 60_000;
/** A replica loading a directory says so for this long (renewed each page), so others do not load it too. */
const LEASE_MS = 60_000;
/** How long a request waits for a directory not loaded at all yet before answering with what it has. */
const FIRST_WAIT_MS = 3_000;

export interface DirectoryDeps {
  slack: SlackGateway;
  store: CacheStore;
  clock: Clock;
}

/**
 * Channel and people directories (Slack has no search for them without Real-time Search): loaded page by
 * page under the rate gate (Tier 2), kept in the shared cache (Redis when configured, so replicas share
 * them), refreshed in the background once stale, and searched while still loading. `scope` says whose
 * view it is: a workspace's (`team:T…`) when every caller sees the same, else one token's identity.
 */
export function createDirectories({ slack, store, clock }: DirectoryDeps) {
  const loads = new Map<string, Promise<void>>();
  let closed = false;

  async function loadPages<T>(
    key: string,
    access: SlackAccess,
    spec: DirectorySpec<T>,
    keepOld: boolean,
    firstPage?: Promise<SlackBody>,
  ) {
    const lease = `${key}:lease`;
    const holder = `${process.pid}:${Math.random().toString(36).slice(2)}`;
    const renew = () =>
      store.set(lease, {
        value: holder,
        storedAt: clock(),
        freshUntil: clock() + LEASE_MS,
        staleUntil: clock() + LEASE_MS,
      });
    await renew();
    const background = { ...access, deadline: clock() + LOAD_BUDGET_MS };
    const items: T[] = [];
    let cursor: string | undefined;
    let complete = false;
    for (let page = 0; page < MAX_DIRECTORY_PAGES && !closed; page++) {
      const args = { ...spec.args, limit: PAGE_LIMIT, ...(cursor ? { cursor } : {}) };
      const body = await (page === 0 && firstPage ? firstPage : slack.live(background, spec.method, args));
      items.push(...spec.read(body));
      cursor = (body.response_metadata as { next_cursor?: string } | undefined)?.next_cursor || undefined;
      complete = !cursor;
      // The first load shows its progress; a reload keeps the old complete list until it has a new one.
      if (!keepOld || complete) await save(key, { items, complete, loadedAt: complete ? clock() : 0 });
      if (complete) break;
      await renew();
    }
    if (!complete && keepOld) await save(key, { items, complete: false, loadedAt: clock() });
    await store.delete(lease);
  }

  const save = <T>(key: string, snapshot: Snapshot<T>) =>
    store.set(key, {
      value: snapshot,
      storedAt: clock(),
      freshUntil: clock() + DIRECTORY_KEEP_MS,
      staleUntil: clock() + DIRECTORY_KEEP_MS,
    });

  /** Starts a background load unless one runs here or another replica holds the lease; its promise fails as the load does. */
  async function startLoad<T>(
    key: string,
    access: SlackAccess,
    spec: DirectorySpec<T>,
    keepOld: boolean,
    firstPage?: Promise<SlackBody>,
  ): Promise<{ done: Promise<void> } | undefined> {
    const running = loads.get(key);
    if (running) return { done: running };
    const lease = await store.get<string>(`${key}:lease`);
    if (lease && lease.freshUntil > clock()) return undefined;
    const load = loadPages(key, access, spec, keepOld, firstPage);
    loads.set(key, load);
    load.catch(() => store.delete(`${key}:lease`)).finally(() => loads.delete(key));
    return { done: load };
  }

  return {
    /**
     * The directory as far as it is loaded: a fresh complete one as it is; a stale one while a reload runs;
     * none yet: a load starts and the request waits for it a little (FIRST_WAIT_MS, within its deadline,
     * or `waitMs`). `firstPage`: the load's first page, already asked for (see `firstPage`).
     */
    async get<T>(
      access: SlackAccess,
      scope: string,
      spec: DirectorySpec<T>,
      { firstPage, waitMs: wait = FIRST_WAIT_MS }: { firstPage?: Promise<SlackBody>; waitMs?: number } = {},
    ): Promise<Snapshot<T> & { status: CacheStatus }> {
      const key = cacheKey(`dir:${spec.kind}`, scope, spec.args);
      const entry = await store.get<Snapshot<T>>(key);
      const snapshot = entry?.value;
      if (snapshot?.complete && snapshot.loadedAt + DIRECTORY_FRESH_MS > clock())
        return { ...snapshot, status: 'HIT' };
      const load = await startLoad(key, access, spec, snapshot?.complete === true, firstPage);
      if (snapshot && (snapshot.complete || snapshot.items.length > 0)) {
        load?.done.catch(() => {});
        return { ...snapshot, status: snapshot.complete ? 'STALE' : 'MISS' };
      }
      const waitMs = Math.max(0, Math.min(wait, access.deadline - clock() - 500));
      let timer: NodeJS.Timeout | undefined;
      // A first load that fails at once (a revoked token, a missing scope) fails this request too.
      await Promise.race([
        load?.done,
        new Promise((resolve) => {
          timer = setTimeout(resolve, waitMs);
        }),
      ]).finally(() => clearTimeout(timer));
      const after = await store.get<Snapshot<T>>(key);
      return { ...(after?.value ?? { items: [], complete: false, loadedAt: 0 }), status: 'MISS' };
    },
    /** The directory as stored (no load starts), or undefined. */
    async peek<T>(scope: string, spec: DirectorySpec<T>): Promise<Snapshot<T> | undefined> {
      return (await store.get<Snapshot<T>>(cacheKey(`dir:${spec.kind}`, scope, spec.args)))?.value;
    },
    /**
     * A load's first page, asked for before the caller knows whose view (scope) it will be stored as, so it
     * runs beside another call; pass it to `get` once the scope is known.
     */
    firstPage<T>(access: SlackAccess, spec: DirectorySpec<T>): Promise<SlackBody> {
      const background = { ...access, deadline: clock() + LOAD_BUDGET_MS };
      const page = slack.live(background, spec.method, { ...spec.args, limit: PAGE_LIMIT });
      page.catch(() => {});
      return page;
    },
    /** Stops loads under way after their current page (the app is closing). */
    close: () => {
      closed = true;
    },
    /** Loads under way in this process (tests wait for them). */
    settled: () => Promise.allSettled([...loads.values()]).then(() => undefined),
  };
}

export type Directories = ReturnType<typeof createDirectories>;
