/** Our thread `next_cursor`: Slack's, plus where the next page starts and the thread's size, for the summary. */
export interface ThreadCursor {
  cursor: string;
  /** 1-based position of the next page's first message, when known. */
  from?: number;
  total?: number;
}

const PREFIX = 'at1.';
const position = (v: unknown) => (Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : undefined);

export const encodeThreadCursor = ({ cursor, from, total }: ThreadCursor): string =>
  PREFIX + Buffer.from(JSON.stringify([cursor, from ?? null, total ?? null])).toString('base64url');

/** A cursor of ours, or Slack's own (from a detailed body) passed through as it is. */
export function decodeThreadCursor(raw: string): ThreadCursor {
  if (!raw.startsWith(PREFIX)) return { cursor: raw };
  try {
    const value = JSON.parse(Buffer.from(raw.slice(PREFIX.length), 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'string' && value[0] !== '' && value[0].length < 1024) {
      return { cursor: value[0], from: position(value[1]), total: position(value[2]) };
    }
  } catch {
    // not ours after all: Slack will say whether it is its own
  }
  return { cursor: raw };
}
