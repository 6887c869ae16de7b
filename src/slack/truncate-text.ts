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
