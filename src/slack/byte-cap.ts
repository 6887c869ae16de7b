const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

/**
 * Removes trailing items from `items` (in place, a list inside `body`) until `body` serialises within
 * `maxBytes`. Whole items are dropped, JSON is never cut; `onDrop` may grow the body (a summary
 * sentence), so the size is measured again after it. Returns how many were dropped.
 */
export function dropTrailingToFit(
  body: unknown,
  items: unknown[],
  maxBytes: number,
  onDrop: (dropped: number) => void = () => {},
): number {
  let dropped = 0;
  let size = bytes(body);
  while (size > maxBytes && items.length > 0) {
    let excess = size - maxBytes;
    while (excess > 0 && items.length > 0) {
      excess -= bytes(items.pop()) + 1;
      dropped++;
    }
    onDrop(dropped);
    size = bytes(body);
  }
  return dropped;
}
