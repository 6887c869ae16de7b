/** Code points in `text` (what `[...text].length` counts), without building an array. */
export function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** The UTF-16 index `points` code points on from `start` (or the text's end). */
export function unitIndex(text: string, points: number, start = 0): number {
  let i = start;
  for (let n = 0; n < points && i < text.length; n++) {
    const c = text.charCodeAt(i);
    i +=
      c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
        ? 2
        : 1;
  }
  return i;
}
