/** Defensive readers for Slack bodies: every field may be missing or of another type than documented. */
export type SlackObject = Record<string, unknown>;

export const isObject = (v: unknown): v is SlackObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A string with something in it, else undefined (Slack sends `""` for "none"). */
export const filled = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : undefined;

export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

/** The objects of a list; a malformed entry costs that entry, never the request. */
export const objects = (v: unknown): SlackObject[] => (Array.isArray(v) ? v.filter(isObject) : []);
