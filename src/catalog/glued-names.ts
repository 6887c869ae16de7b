const GLUED_MIN = 8;

function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

function isAlnum(c: number): boolean {
  return isLower(c) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

/** Pushes the words of a tool name that are runs of 8+ lower-case letters (`getfileversions`). */
export function pushGluedWords(name: string, out: string[]): void {
  let i = 0;
  while (i < name.length) {
    let j = i;
    while (j < name.length && isAlnum(name.charCodeAt(j))) j++;
    let lower = j - i >= GLUED_MIN;
    for (let k = i; lower && k < j; k++) lower = isLower(name.charCodeAt(k));
    if (lower) out.push(name.slice(i, j));
    i = j + 1;
  }
}
