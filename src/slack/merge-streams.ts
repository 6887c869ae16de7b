import type { SlackObject } from './slack-values.js';

const sortValue = (m: SlackObject, sort: 'score' | 'timestamp') =>
  sort === 'timestamp' ? Number(m.ts) : typeof m.score === 'number' ? m.score : 0;

const keyOf = (m: SlackObject) => {
  const channel = m.channel as { id?: unknown } | string | undefined;
  const id = typeof channel === 'string' ? channel : channel?.id;
  return `${String(id ?? m.permalink ?? '')}:${String(m.ts)}`;
};

export interface MergedPage {
  matches: SlackObject[];
  /** How many of each side's matches this page consumed (a duplicate consumes one of each). */
  consumed: number[];
}

/**
 * Exactly `count` matches (fewer only at the end) from several result streams, each already in
 * Slack's order, merged in that order; a match in two streams (a DM that also mentions the user) once.
 */
export function mergeStreams(
  streams: SlackObject[][],
  count: number,
  sort: 'score' | 'timestamp',
  dir: 'asc' | 'desc',
): MergedPage {
  const at = streams.map(() => 0);
  const seen = new Set<string>();
  const matches: SlackObject[] = [];
  const before = (a: SlackObject, b: SlackObject) => {
    const diff = sortValue(a, sort) - sortValue(b, sort);
    return sort === 'score' || dir === 'desc' ? diff > 0 : diff < 0;
  };
  while (matches.length < count) {
    let pick = -1;
    streams.forEach((s, i) => {
      if (at[i] < s.length && (pick < 0 || before(s[at[i]], streams[pick][at[pick]]))) pick = i;
    });
    if (pick < 0) break;
    const m = streams[pick][at[pick]++];
    const key = keyOf(m);
    if (seen.has(key)) continue;
    seen.add(key);
    matches.push(m);
    // The same message at another stream's head is consumed with it, so no later page repeats it.
    streams.forEach((s, i) => {
      while (at[i] < s.length && keyOf(s[at[i]]) === key) at[i]++;
    });
  }
  return { matches, consumed: at };
}
