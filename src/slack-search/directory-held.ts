import { indexEntry, indexedScorer, type Rankable } from '../slack/rank-directory.js';
import type { DirectoryStore, Generation } from './directory-store.js';

/** A record of a directory: its id first (a person's, a channel's), then what the directory keeps. */
export type DirectoryRecord = readonly [string, ...unknown[]];

/** How a directory's records are searched and held. */
export interface RecordShape<T extends DirectoryRecord> {
  /** What a search matches a record on (indexed once per record). */
  rankable: (record: T) => Rankable;
  /** Positions of strings many records share (a time zone, a title): held once each, not once a record. */
  repeated?: readonly number[];
}

/**
 * One directory generation as this process holds it: the records of the pieces read so far and, beside
 * each, its index (`indexEntry`), built once when the piece arrives, never per search.
 */
export class HeldDirectory<T extends DirectoryRecord> {
  readonly records: T[] = [];
  readonly index: string[] = [];
  pieces = 0;
  #ids?: Map<string, number>;
  readonly #shared = new Map<string, string>();
  fetching?: Promise<void>;

  constructor(
    readonly genId: string,
    private readonly shape: RecordShape<T>,
  ) {}

  /** Adds piece `n` when it is the next one (a piece seen twice, or early, is ignored). */
  add(n: number, records: readonly T[]): void {
    if (n !== this.pieces) return;
    for (const record of records) {
      this.#share(record);
      this.#ids?.set(record[0], this.records.length);
      this.records.push(record);
      this.index.push(indexEntry(this.shape.rankable(record)));
    }
    this.pieces++;
  }

  /** Points the record's repeated strings at the copy held already (a bounded number of them). */
  #share(record: T): void {
    for (const at of this.shape.repeated ?? []) {
      const value = record[at];
      if (typeof value !== 'string') continue;
      const held = this.#shared.get(value);
      if (held !== undefined) (record as unknown as unknown[])[at] = held;
      else if (this.#shared.size < MAX_SHARED) this.#shared.set(value, value);
    }
  }

  /** The record with this id: a map built on first use, then kept up as pieces arrive. */
  byId(id: string): T | undefined {
    if (!this.#ids) this.#ids = new Map(this.records.map((r, i) => [r[0], i]));
    const at = this.#ids.get(id);
    return at === undefined ? undefined : this.records[at];
  }

  /** The records that match `query` and `keep`, with their scores, unsorted; `kept`: how many `keep` let in. */
  search(
    query: string,
    keep: (record: T) => boolean,
  ): { hits: Array<{ record: T; score: number }>; kept: number } {
    const score = indexedScorer(query);
    const hits: Array<{ record: T; score: number }> = [];
    let kept = 0;
    for (let i = 0; i < this.records.length; i++) {
      const record = this.records[i] as T;
      if (!keep(record)) continue;
      kept++;
      const s = score ? score(this.index[i] as string) : 0;
      if (s > 0) hits.push({ record, score: s });
    }
    return { hits, kept };
  }
}

/** Distinct repeated strings one directory shares (past it, each record keeps its own copy). */
const MAX_SHARED = 10_000;

/** A piece the head names is gone from the store (evicted, expired, lost with Redis): the generation is unusable. */
export class PieceLost extends Error {}

const FETCH_BATCH = 16;

/** Reads pieces [held.pieces, gen.pieces) into `held`, FETCH_BATCH at a time, in order. */
async function fetchPieces<T extends DirectoryRecord>(
  dir: DirectoryStore,
  gen: Generation,
  held: HeldDirectory<T>,
): Promise<void> {
  while (held.pieces < gen.pieces) {
    const from = held.pieces;
    const count = Math.min(FETCH_BATCH, gen.pieces - from);
    const batch = await Promise.all(Array.from({ length: count }, (_, i) => dir.piece<T>(gen, from + i)));
    if (held.pieces !== from) continue;
    for (const [i, records] of batch.entries()) {
      if (!records) throw new PieceLost(`piece ${from + i} of ${gen.id} is gone`);
      held.add(from + i, records);
    }
  }
}

/**
 * The directories this process holds, by base key and generation (a refresh's new records are held as they
 * arrive, beside the ones searched, so the switch costs no read), at most `maxEntries` records in all: the
 * least recently used directories go first (read again from the store when next searched).
 */
export class HeldDirectories {
  readonly #held = new Map<string, Map<string, HeldDirectory<DirectoryRecord>>>();

  constructor(private readonly maxEntries: number) {}

  /**
   * `gen` as far as the head says it is stored: what is held, plus the pieces fetched now. Other generations
   * of the directory are let go, except `alsoKeep` (the one a refresh is loading).
   */
  async view<T extends DirectoryRecord>(
    dir: DirectoryStore,
    gen: Generation,
    shape: RecordShape<T>,
    alsoKeep?: string,
  ): Promise<HeldDirectory<T>> {
    const held = this.#hold(dir.base, gen.id, shape);
    while (held.pieces < gen.pieces) {
      held.fetching ??= fetchPieces(dir, gen, held).finally(() => {
        held.fetching = undefined;
      });
      await held.fetching;
    }
    const gens = this.#held.get(dir.base);
    for (const id of gens?.keys() ?? []) if (id !== gen.id && id !== alsoKeep) gens?.delete(id);
    this.#trim(dir.base);
    return held;
  }

  /** A piece this process just stored (its loader): added at once, no read back. */
  add<T extends DirectoryRecord>(
    base: string,
    gen: Generation,
    n: number,
    records: readonly T[],
    shape: RecordShape<T>,
  ): void {
    this.#hold(base, gen.id, shape).add(n, records);
    this.#trim(base);
  }

  #hold<T extends DirectoryRecord>(base: string, genId: string, shape: RecordShape<T>) {
    const gens = this.#held.get(base) ?? new Map<string, HeldDirectory<DirectoryRecord>>();
    let held = gens.get(genId) as HeldDirectory<T> | undefined;
    if (!held) {
      held = new HeldDirectory<T>(genId, shape);
      gens.set(genId, held as unknown as HeldDirectory<DirectoryRecord>);
    }
    // Most recently used last.
    this.#held.delete(base);
    this.#held.set(base, gens);
    return held;
  }

  #trim(keep: string): void {
    const sizeOf = (gens: Map<string, HeldDirectory<DirectoryRecord>>) =>
      [...gens.values()].reduce((n, held) => n + held.records.length, 0);
    let total = 0;
    for (const gens of this.#held.values()) total += sizeOf(gens);
    for (const [base, gens] of this.#held) {
      if (total <= this.maxEntries) break;
      if (base === keep) continue;
      this.#held.delete(base);
      total -= sizeOf(gens);
    }
  }
}
