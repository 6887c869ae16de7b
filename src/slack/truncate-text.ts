export const TRUNCATION_NOTE = '...content truncated due to length';

/** Cuts after `maxCodePoints` Unicode code points — never inside a surrogate pair — and says so. */
export function truncateText(text: string, maxCodePoints?: number): string {
  if (maxCodePoints === undefined || text.length <= maxCodePoints) return text;
  let codePoints = 0;
  let end = 0;
  while (end < text.length && codePoints < maxCodePoints) {
    const cp = text.codePointAt(end) as number;
    end += cp > 0xffff ? 2 : 1;
    codePoints++;
  }
  return end >= text.length ? text : text.slice(0, end) + TRUNCATION_NOTE;
}

/** Cuts each item's text after `maxCodePoints` (0 = whole texts), in place; returns how many were cut. */
export function capTexts(items: Array<{ text: string }>, maxCodePoints: number): number {
  if (maxCodePoints === 0) return 0;
  let cut = 0;
  for (const item of items) {
    const capped = truncateText(item.text, maxCodePoints);
    if (capped !== item.text) {
      item.text = capped;
      cut++;
    }
  }
  return cut;
}
