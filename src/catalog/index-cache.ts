import type { ToolIndex } from './tool-index.js';
import { sameTools, toolListKey } from './tool-list-key.js';
import type { ToolInfo } from './types.js';

export type IndexCacheStats = { hits: number; misses: number; size: number };

/**
 * An LRU of full indexes keyed by a digest of the tool list (callers resend the same list again and
 * again). A list is admitted on its second sighting: a one-off list is served by a cheaper partial
 * index made for its one query and never evicts a list that is in use.
 */
export class IndexCache {
  readonly maxEntries: number;
  readonly #entries = new Map<string, ToolIndex>();
  readonly #seenOnce = new Map<string, true>();
  #hits = 0;
  #misses = 0;

  /** @param maxEntries how many indexes to keep. @default 64 */
  constructor(maxEntries = 64) {
    this.maxEntries = Math.max(1, Math.floor(maxEntries));
  }

  keyOf(tools: readonly ToolInfo[]): string {
    return toolListKey(tools);
  }

  /** The cached index for this list (checked field by field, so a digest collision is only a miss). */
  get(key: string, tools: readonly ToolInfo[]): ToolIndex | undefined {
    const index = this.#entries.get(key);
    if (!index || !sameTools(index.tools, tools)) {
      this.#misses++;
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, index);
    this.#hits++;
    return index;
  }

  /** Whether a full index of this list is worth building now: true from its second sighting on. */
  admits(key: string): boolean {
    if (this.#seenOnce.delete(key)) return true;
    this.#seenOnce.set(key, true);
    if (this.#seenOnce.size > this.maxEntries * 4)
      this.#seenOnce.delete(this.#seenOnce.keys().next().value as string);
    return false;
  }

  set(key: string, index: ToolIndex): void {
    this.#entries.delete(key);
    this.#entries.set(key, index);
    if (this.#entries.size > this.maxEntries)
      this.#entries.delete(this.#entries.keys().next().value as string);
  }

  get stats(): IndexCacheStats {
    return { hits: this.#hits, misses: this.#misses, size: this.#entries.size };
  }

  clear(): void {
    this.#entries.clear();
    this.#seenOnce.clear();
  }
}
