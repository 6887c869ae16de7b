// Room for the sentence the summary gains when items are dropped.
const RESERVE_BYTES = 512;

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

/**
 * Removes trailing items from `items` (in place, a list inside `body`) until `body` serialises within
 * `maxBytes`. Whole items are dropped; JSON is never cut. Returns how many were dropped.
 */
export function dropTrailingToFit(body: unknown, items: unknown[], maxBytes: number): number {
  let size = bytes(body);
  if (size <= maxBytes) return 0;
  let dropped = 0;
  while (items.length > 0 && size > maxBytes - RESERVE_BYTES) {
    size -= bytes(items.pop()) + 1;
    dropped++;
  }
  return dropped;
}
