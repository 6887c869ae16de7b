import { indexBytes, type ToolIndex } from './tool-index.js';
import { sameTools, toolListKey } from './tool-list-key.js';
import type { RankTool } from './types.js';

export type IndexCacheStats = { hits: number; misses: number; size: number; bytes: number };

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const SEEN_ONCE_LIMIT = 1024;

type Entry = { index: ToolIndex; bytes: number };

/**
 * An LRU of full indexes keyed by a digest of the tool list (callers resend the same list again and
 * again), bounded by the estimated bytes they hold. A list is admitted on its second sighting: a
 * one-off list is served by a cheaper partial index made for its one query and never evicts a list
 * that is in use.
 */
export class IndexCache {
  readonly maxBytes: number;
  readonly #entries = new Map<string, Entry>();
  readonly #seenOnce = new Map<string, true>();
  #bytes = 0;
  #hits = 0;
  #misses = 0;

  /** @param maxBytes estimated heap the kept indexes may hold. @default 64 MiB */
  constructor(maxBytes = DEFAULT_MAX_BYTES) {
    this.maxBytes = Math.max(0, Math.floor(maxBytes));
  }

  keyOf(tools: readonly RankTool[]): string {
    return toolListKey(tools);
  }

  /** The cached index for this list (checked field by field, so a digest collision is only a miss). */
  get(key: string, tools: readonly RankTool[]): ToolIndex | undefined {
    const entry = this.#entries.get(key);
    if (!entry || !sameTools(entry.index.tools, tools)) {
      this.#misses++;
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    this.#hits++;
    return entry.index;
  }

  /** Whether a full index of this list is worth building now: true from its second sighting on. */
  admits(key: string): boolean {
    if (this.#seenOnce.delete(key)) return true;
    this.#seenOnce.set(key, true);
    if (this.#seenOnce.size > SEEN_ONCE_LIMIT)
      this.#seenOnce.delete(this.#seenOnce.keys().next().value as string);
    return false;
  }

  /** Keeps `index` unless it alone is over the bound, then drops the least recently used past it. */
  set(key: string, index: ToolIndex): void {
    this.#remove(key);
    const bytes = indexBytes(index);
    if (bytes > this.maxBytes) return;
    this.#entries.set(key, { index, bytes });
    this.#bytes += bytes;
    while (this.#bytes > this.maxBytes) this.#remove(this.#entries.keys().next().value as string);
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  get stats(): IndexCacheStats {
    return { hits: this.#hits, misses: this.#misses, size: this.#entries.size, bytes: this.#bytes };
  }
}
