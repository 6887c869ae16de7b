export interface SearchFilters {
  query?: string;
  channelIds?: string[];
  fromUsers?: string[];
  after?: string;
  before?: string;
  on?: string;
}

/** The query string sent to search.messages: the caller's words plus Slack search modifiers. */
export function buildSearchQuery(filters: SearchFilters, modifiers: string[] = []): string {
  const parts = [filters.query?.trim() ?? '', ...modifiers];
  // `#name` and `@name` are Slack's own modifiers: Slack resolves them, so no lookup is needed.
  for (const id of filters.channelIds ?? []) parts.push(id.startsWith('#') ? `in:${id}` : `in:<#${id}>`);
  for (const id of filters.fromUsers ?? []) parts.push(id.startsWith('@') ? `from:${id}` : `from:<@${id}>`);
  if (filters.after) parts.push(`after:${filters.after}`);
  if (filters.before) parts.push(`before:${filters.before}`);
  if (filters.on) parts.push(`on:${filters.on}`);
  return parts.filter(Boolean).join(' ');
}

export type ToMeSide = 'mention' | 'dm';

/** Slack's `to:` matches direct messages only, so mentions in channels need their own search. */
export function toMeModifier(side: ToMeSide, userId: string): string {
  return side === 'mention' ? `<@${userId}>` : `to:<@${userId}>`;
}
