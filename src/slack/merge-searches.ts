import type { SlackMatch } from './types.js';

export interface SearchPage {
  query: string;
  total: number;
  matches: SlackMatch[];
  nextCursor?: string;
}

/** One list from several searches: duplicates (a DM that also mentions the user) kept once, then ordered. */
export function mergeMatches(
  pages: SearchPage[],
  sort: 'score' | 'timestamp',
  dir: 'asc' | 'desc',
): SlackMatch[] {
  const seen = new Set<string>();
  const merged: SlackMatch[] = [];
  for (const page of pages) {
    for (const m of page.matches) {
      const key = `${m.channel?.id}:${m.ts}`;
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(m);
    }
  }
  const sign = dir === 'asc' ? 1 : -1;
  return sort === 'timestamp'
    ? merged.sort((a, b) => sign * (Number(a.ts) - Number(b.ts)))
    : merged.sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
}

/** Page sizes for two searches that share one `count`, fixed across pages so Slack's cursors stay valid. */
export function splitCount(count: number): [number, number] {
  const first = Math.ceil(count / 2);
  return [first, Math.max(1, count - first)];
}
