import { randomUUID } from 'node:crypto';
import type { CacheStore, Clock } from '../cache/types.js';

/** One load of a directory, from its first page: how far it got, and where Slack's list goes on. */
export interface Generation {
  id: string;
  /** Pieces written so far: one per Slack page, `<head>:<id>:<n>`. */
  pieces: number;
  /** Records in them. */
  entries: number;
  /** Slack's `next_cursor` after the last piece: where the load resumes, on any replica. */
  cursor?: string;
  /** Every page was read (`complete`), or the load stopped at MAX_DIRECTORY_ENTRIES. */
  done: boolean;
  /** Stopped at MAX_DIRECTORY_ENTRIES, with more in Slack's list. */
  bounded?: boolean;
  startedAt: number;
  doneAt?: number;
  /** When the pages of the last minute (and the one before them) were stored, with the entries by then. */
  recent: Array<[at: number, entries: number]>;
}

/**
 * A directory in the shared cache: the last finished load (`ready`, what searches use) and the one under
 * way (`loading`: the first load, searched as it grows, or a refresh, used once done). Small and rewritten
 * after each page; the records are in the pieces, written once each, so no value grows with the list.
 */
export interface Head {
  v: 2;
  ready?: Generation;
  loading?: Generation;
}

/** A directory is dropped this long after its last write (its pieces this long after theirs). */
export const DIRECTORY_KEEP_MS = 24 * 3_600_000;
/** Pages kept in `recent`: a minute of Tier 2 and then some. */
const RECENT_PAGES = 40;
/** How far back `recent` reaches. */
export const PACE_WINDOW_MS = 60_000;

const isHead = (v: unknown): v is Head => typeof v === 'object' && v !== null && (v as Head).v === 2;

/** The stored form of one directory: its head, its pieces and its lease, under one base key. */
export class DirectoryStore {
  constructor(
    private readonly store: CacheStore,
    private readonly clock: Clock,
    readonly base: string,
  ) {}

  #entry<T>(value: T, ms = DIRECTORY_KEEP_MS) {
    const now = this.clock();
    return { value, storedAt: now, freshUntil: now + ms, staleUntil: now + ms };
  }

  pieceKey = (gen: Generation, n: number) => `${this.base}:${gen.id}:${n}`;

  async head(): Promise<Head> {
    const value = (await this.store.get<Head>(this.base))?.value;
    return isHead(value) ? value : { v: 2 };
  }

  writeHead(head: Head): Promise<void> {
    return this.store.set(this.base, this.#entry(head));
  }

  writePiece<T>(gen: Generation, n: number, records: T[]): Promise<void> {
    return this.store.set(this.pieceKey(gen, n), this.#entry(records));
  }

  /** A piece's records, or undefined when it is gone (evicted, expired, or Redis lost it). */
  async piece<T>(gen: Generation, n: number): Promise<T[] | undefined> {
    const value = (await this.store.get<T[]>(this.pieceKey(gen, n)))?.value;
    return Array.isArray(value) ? value : undefined;
  }

  /** Drops a generation's pieces (a finished refresh replaced it). */
  async dropPieces(gen: Generation): Promise<void> {
    for (let n = 0; n < gen.pieces; n += 50) {
      const batch = Array.from({ length: Math.min(50, gen.pieces - n) }, (_, i) => n + i);
      await Promise.all(batch.map((i) => this.store.delete(this.pieceKey(gen, i))));
    }
  }

  /** Takes the lease for `ms` unless another holder has it: true when taken. */
  claim(holder: string, ms: number): Promise<boolean> {
    return this.store.setIfAbsent(`${this.base}:lease`, this.#entry(holder, ms));
  }

  /** Extends the lease while `holder` has it: false when it was lost (expired and taken by another). */
  async renew(holder: string, ms: number): Promise<boolean> {
    const lease = await this.store.get<string>(`${this.base}:lease`);
    if (lease && lease.value !== holder) return false;
    await this.store.set(`${this.base}:lease`, this.#entry(holder, ms));
    return true;
  }

  async release(holder: string): Promise<void> {
    const lease = await this.store.get<string>(`${this.base}:lease`);
    if (lease?.value === holder) await this.store.delete(`${this.base}:lease`);
  }

  /** Whether any process holds the lease now. */
  async leased(): Promise<boolean> {
    return (await this.store.get<string>(`${this.base}:lease`)) !== undefined;
  }
}

export function newGeneration(now: number): Generation {
  return { id: randomUUID().slice(0, 8), pieces: 0, entries: 0, done: false, startedAt: now, recent: [] };
}

/** The generation after one more page of `added` records, Slack's next cursor, and whether to stop here. */
export function nextGeneration(
  gen: Generation,
  added: number,
  cursor: string | undefined,
  now: number,
  maxEntries: number,
): Generation {
  const entries = gen.entries + added;
  const bounded = cursor !== undefined && entries >= maxEntries;
  const done = cursor === undefined || bounded;
  const all = [...gen.recent, [now, entries] as [number, number]];
  // The last page before the window stays: what was stored by the window's start.
  const inWindow = all.findIndex(([at]) => at > now - PACE_WINDOW_MS);
  const recent = all.slice(Math.max(0, inWindow - 1)).slice(-RECENT_PAGES);
  return {
    ...gen,
    pieces: gen.pieces + 1,
    entries,
    cursor: done ? undefined : cursor,
    done,
    ...(bounded ? { bounded } : {}),
    ...(done ? { doneAt: now } : {}),
    recent,
  };
}

/** The head once `gen` (the loading generation) moved on: a finished load becomes the ready one. */
export function withProgress(head: Head, gen: Generation): Head {
  return gen.done ? { v: 2, ready: gen } : { ...head, loading: gen };
}
