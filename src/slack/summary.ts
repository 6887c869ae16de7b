import type { Wording } from './wording.js';

export interface SearchSummaryInput {
  total: number;
  returned: number;
  hasMore: boolean;
  /** Extra sentences: merged searches, dropped matches, stale data. */
  notes?: string[];
  /** Concise bodies end with a hint on how to get full details; detailed ones do not. */
  hint?: string;
}

export function searchSummary({ total, returned, hasMore, notes = [], hint }: SearchSummaryInput): string {
  let s = `Found ${total} messages`;
  if (total > returned) s += `, showing ${returned}`;
  s += '.';
  if (hasMore) s += ' Use next_cursor for more results.';
  return [s, ...notes, ...(hint ? [hint] : [])].join(' ');
}

/** How to get more than the concise body gives: the thread read when a match is in a thread. */
export function conciseSearchHint(hasThreadedMatch: boolean, wording: Wording): string {
  const detailed = 'Full Slack objects: response_format=detailed.';
  return hasThreadedMatch ? `${wording.threadHint} ${detailed}` : detailed;
}

export function threadSummary(count: number, hasMore: boolean, notes: string[] = []): string {
  const s = `Found ${count} messages in thread.${hasMore ? ' Use next_cursor for more results.' : ''}`;
  return [s, ...notes].join(' ');
}

export function staleNote(ageMs: number): string {
  const seconds = Math.round(ageMs / 1000);
  const age = seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
  return `Slack is unavailable or rate limited: these results were cached ${age} ago and may be out of date.`;
}
