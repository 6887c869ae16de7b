import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../cache/types.js';
import type { RetryableError } from '../errors.js';
import { slackCodeOf } from '../slack-client/map-slack-error.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess, SlackBody } from '../slack-client/types.js';
import type { DirectoryRecord } from './directory-held.js';
import {
  type DirectoryStore,
  type Generation,
  type Head,
  newGeneration,
  nextGeneration,
  withProgress,
} from './directory-store.js';

/** Slack's largest page for users.list and conversations.list; it may send fewer, and that is fine. */
export const PAGE_LIMIT = 1000;
/** A directory stops growing here (records held in the process and in the store stay bounded). */
export const MAX_DIRECTORY_ENTRIES = 250_000;
/** A replica loading a directory says so this long, renewed every third of it while it loads. */
export const LEASE_MS = 60_000;
/** How long one page may wait for its turn at the rate gate (Tier 2: a page every 3 s, or a 429's wait). */
const PAGE_WAIT_MS = 3 * 60_000;
/** Slack failures (rate limits, 5xx, timeouts) one page outlasts before the load pauses. */
const PAGE_ATTEMPTS = 6;
/** Pieces of a replaced generation stay this long for replicas still reading them, then go. */
const DROP_AFTER_MS = 60_000;

/** One Slack list read page by page (conversations.list, users.list) into records. */
export interface ListSpec<T extends DirectoryRecord> {
  method: string;
  args: Record<string, unknown>;
  /** The records of a page's body. */
  read: (body: SlackBody) => T[];
}

export interface LoadRun<T extends DirectoryRecord> {
  slack: SlackGateway;
  clock: Clock;
  dir: DirectoryStore;
  access: SlackAccess;
  spec: ListSpec<T>;
  /** The load stops at this many records (MAX_DIRECTORY_ENTRIES). */
  maxEntries: number;
  /** Whether the head's ready generation still needs no reload. */
  fresh: (head: Head) => boolean;
  /** The first page of a new generation, already asked for. */
  firstPage?: Promise<SlackBody>;
  /** Hears each stored piece (this process's copy takes it without reading it back). */
  onPiece: (gen: Generation, n: number, records: T[]) => void;
  /** Hears the head after each page. */
  onHead: (head: Head) => void;
  stopped: () => boolean;
}

const cursorOf = (body: SlackBody) =>
  (body.response_metadata as { next_cursor?: string } | undefined)?.next_cursor || undefined;

/** Seconds Slack (or our gate) asked to wait, when the failure is one a later try may get past. */
function waitOf(err: unknown, attempt: number): number | undefined {
  const retryAfter = (err as RetryableError).retryAfterSeconds;
  if (retryAfter !== undefined) return retryAfter;
  const status = (err as { statusCode?: number }).statusCode;
  return status === 502 || status === 504 ? 2 ** attempt : undefined;
}

/** One page of the list after `gen`'s cursor, through the rate gate, outlasting rate limits and outages. */
async function fetchPage<T extends DirectoryRecord>(run: LoadRun<T>, gen: Generation): Promise<SlackBody> {
  const args = { ...run.spec.args, limit: PAGE_LIMIT, ...(gen.cursor ? { cursor: gen.cursor } : {}) };
  for (let attempt = 0; ; attempt++) {
    const access = { ...run.access, deadline: run.clock() + PAGE_WAIT_MS };
    const first = attempt === 0 && gen.pieces === 0 ? run.firstPage : undefined;
    try {
      return await (first ?? run.slack.live(access, run.spec.method, args));
    } catch (err) {
      const waitS = waitOf(err, attempt);
      if (waitS === undefined || attempt + 1 >= PAGE_ATTEMPTS || run.stopped()) throw err;
      // Not holding the process open: a closing app leaves the wait (and the lease) behind.
      await sleep(Math.min(waitS, 120) * 1000, undefined, { ref: false });
    }
  }
}

/** Which generation to go on with: the one under way, a new one when none is fresh, else none. */
function generationToLoad(head: Head, fresh: boolean, now: number): Generation | undefined {
  if (head.loading) return head.loading;
  return fresh ? undefined : newGeneration(now);
}

/** Stores one page as the generation's next piece, then the head that names it. */
async function storePage<T extends DirectoryRecord>(
  run: LoadRun<T>,
  head: Head,
  gen: Generation,
  body: SlackBody,
): Promise<{ head: Head; gen: Generation }> {
  const records = run.spec.read(body);
  await run.dir.writePiece(gen, gen.pieces, records);
  const next = nextGeneration(gen, records.length, cursorOf(body), run.clock(), run.maxEntries);
  run.onPiece(next, gen.pieces, records);
  const after = withProgress(head, next);
  await run.dir.writeHead(after);
  run.onHead(after);
  const replaced = head.ready;
  if (next.done && replaced && replaced.id !== next.id) {
    setTimeout(() => run.dir.dropPieces(replaced).catch(() => {}), DROP_AFTER_MS).unref();
  }
  return { head: after, gen: next };
}

/** The pages of one generation, from its cursor to the end (or the bound), while this process may go on. */
async function loadPages<T extends DirectoryRecord>(run: LoadRun<T>, holding: () => boolean): Promise<void> {
  let head = await run.dir.head();
  let gen = generationToLoad(head, run.fresh(head), run.clock());
  let restarted = false;
  while (gen && !gen.done && !run.stopped() && holding()) {
    let body: SlackBody;
    try {
      body = await fetchPage(run, gen);
    } catch (err) {
      // Slack no longer knows the cursor (it outlived its use): this generation cannot go on. Once a run:
      // a list whose cursors Slack keeps refusing is not read from its start again and again.
      if (slackCodeOf(err) !== 'invalid_cursor' || gen.pieces === 0 || restarted) throw err;
      restarted = true;
      head = { ...head, loading: undefined };
      await run.dir.writeHead(head);
      gen = newGeneration(run.clock());
      continue;
    }
    ({ head, gen } = await storePage(run, head, gen, body));
  }
}

/**
 * Loads (or goes on loading) a directory when no process holds its lease: the lease is taken atomically and
 * renewed while pages come in; each page is stored as a piece and the head moves on, so a load stopped
 * anywhere (a restart, a lost replica, Slack failing) resumes from its cursor on whichever replica runs next.
 * Resolves `elsewhere` without loading when another process holds the lease.
 */
export async function loadDirectory<T extends DirectoryRecord>(
  run: LoadRun<T>,
): Promise<'here' | 'elsewhere'> {
  const holder = `${process.pid}:${randomUUID()}`;
  if (!(await run.dir.claim(holder, LEASE_MS))) return 'elsewhere';
  let holding = true;
  const renewal = setInterval(() => {
    run.dir.renew(holder, LEASE_MS).then(
      (kept) => {
        holding &&= kept;
      },
      () => {},
    );
  }, LEASE_MS / 3);
  renewal.unref();
  try {
    await loadPages(run, () => holding);
    return 'here';
  } finally {
    clearInterval(renewal);
    await run.dir.release(holder).catch(() => {});
  }
}
