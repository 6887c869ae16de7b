/**
 * The pieces of `response_format=compact`: plain text made for a model. Every read (search, thread,
 * history, context) renders its concise body with these, so they all read alike: the summary first, then
 * `key: value` lines (cursor, legends), then one block per message, blocks apart by a blank line.
 */

/** One message as a compact block shows it. */
export interface CompactMessage {
  /** `#general`, `DM with @leo`: only where messages come from several conversations (search). */
  where?: string;
  userId: string | null;
  userName: string | null;
  ts: string;
  text: string;
  /** For a message in a thread it does not start (a search hit, a reply in a context read). */
  threadTs?: string;
  replyCount?: number;
  permalink?: string;
  /** A reply shown under its parent, or a search hit's neighbour: the block is indented. */
  reply?: boolean;
  /** A word after the header (`before`, `after`: a search hit's neighbours). */
  note?: string;
}

/** A UTC time a model reads (`2026-03-10 09:12Z`); only `09:12Z` when `previousTs` is on the same day. */
export function readableTime(ts: string, previousTs?: string): string {
  const iso = (t: string) => new Date(Math.floor(Number(t)) * 1000).toISOString();
  const at = iso(ts);
  const time = `${at.slice(11, 16)}Z`;
  return previousTs !== undefined && iso(previousTs).slice(0, 10) === at.slice(0, 10)
    ? time
    : `${at.slice(0, 10)} ${time}`;
}

/**
 * Authors' labels (`@name`) and the legend line that gives each name's id once (`users: @maya=U07…`).
 * Two ids behind one name keep their id in the label instead. When one user wrote every message
 * (`sole`), the line says so as Slack's modifier would (`from: @maya=U07…`) and blocks leave the author out.
 */
export function userLegend(messages: CompactMessage[], handles = new Map<string, string>(), sole = false) {
  const idsByName = new Map<string, Set<string>>();
  for (const m of messages) {
    if (!m.userId || !m.userName) continue;
    const ids = idsByName.get(m.userName) ?? new Set<string>();
    idsByName.set(m.userName, ids.add(m.userId));
  }
  const one =
    sole && messages.length > 1 && idsByName.size === 1 && messages.every((m) => m.userId && m.userName);
  const label = (m: CompactMessage) => {
    if (one) return '';
    if (!m.userName) return m.userId ? `@${m.userId}` : '@unknown';
    const ids = idsByName.get(m.userName);
    return ids && ids.size > 1 ? `@${m.userName}=${m.userId}` : `@${m.userName}`;
  };
  const entries = [...idsByName]
    .filter(([, ids]) => ids.size === 1)
    .map(([name, ids]) => {
      const id = [...ids][0];
      const handle = handles.get(id);
      return `@${name}=${id}${handle ? ` (handle ${handle})` : ''}`;
    });
  const key = one ? 'from' : 'users';
  return { label, line: entries.length > 0 ? `${key}: ${entries.join(', ')}` : undefined };
}

/** `ts=…`, then what a follow-up call or a reader needs beside it. */
function header(m: CompactMessage, author: string, time: string): string {
  const parts = [m.where, author, time, `ts=${m.ts}`];
  // A reply's permalink names its thread_ts already.
  const linked = m.permalink?.includes(`thread_ts=${m.threadTs}`);
  if (m.threadTs && m.threadTs !== m.ts && !linked) parts.push(`thread_ts=${m.threadTs}`);
  if (m.replyCount !== undefined) parts.push(`replies=${m.replyCount}`);
  if (m.permalink) parts.push(m.permalink);
  if (m.note) parts.push(`(${m.note})`);
  return parts.filter(Boolean).join(' ');
}

/**
 * The message blocks: a header line (where, author, time, ids, link) and the text. A time carries its
 * day when the day differs from the block above (in any order: search hits come by score).
 */
export function messageBlocks(messages: CompactMessage[], label: (m: CompactMessage) => string): string[] {
  return messages.map((m, i) => {
    const time = readableTime(m.ts, i === 0 ? undefined : messages[i - 1].ts);
    const block = `${header(m, label(m), time)}\n${m.text}`;
    return m.reply ? block.replace(/^/gm, '  ') : block;
  });
}

/** The whole text: summary, `key: value` lines (undefined ones left out), then the blocks. */
export function compactText(summary: string, lines: Array<string | undefined>, blocks: string[]): string {
  const head = [summary, ...lines.filter((l): l is string => Boolean(l))].join('\n');
  return blocks.length > 0 ? `${head}\n\n${blocks.join('\n\n')}\n` : `${head}\n`;
}
