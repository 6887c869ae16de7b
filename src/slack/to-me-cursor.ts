/** Where each of the two to_me searches stands: a Slack cursor, or null once that search is exhausted. */
export interface ToMeCursor {
  mention: string | null;
  dm: string | null;
}

const PREFIX = 'tome1.';

export function encodeToMeCursor(cursor: ToMeCursor): string {
  return PREFIX + Buffer.from(JSON.stringify([cursor.mention, cursor.dm])).toString('base64url');
}

/** Undefined for anything that is not a cursor this service wrote. */
export function decodeToMeCursor(raw: string): ToMeCursor | undefined {
  if (!raw.startsWith(PREFIX)) return undefined;
  try {
    const value = JSON.parse(Buffer.from(raw.slice(PREFIX.length), 'base64url').toString('utf8'));
    const ok = (v: unknown) => v === null || (typeof v === 'string' && v.length > 0 && v.length < 1024);
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      ok(value[0]) &&
      ok(value[1]) &&
      (value[0] || value[1])
    ) {
      return { mention: value[0], dm: value[1] };
    }
  } catch {
    // fall through: not ours
  }
  return undefined;
}
