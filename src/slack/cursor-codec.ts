/** Our cursors: a prefix naming the kind of search, then a JSON array in base64url. */
export function encodeCursor(prefix: string, value: unknown[]): string {
  return prefix + Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The array inside a cursor with this prefix; undefined for anything else. */
export function decodeCursor(prefix: string, raw: string): unknown[] | undefined {
  if (!raw.startsWith(prefix)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw.slice(prefix.length), 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  return Array.isArray(value) ? value : undefined;
}

export const count = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
