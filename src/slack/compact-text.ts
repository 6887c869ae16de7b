import { DETAILED_HINT } from './summary.js';

/**
 * The pieces of `response_format=compact`: plain text made for a model, each fact said once. Every read
 * (search, thread, history, context) renders its concise body with these, so they all read alike: the
 * summary first, then `key: value` lines (cursor, legends, the link form), then one block per message,
 * blocks apart by a blank line. A name or conversation met once carries its id where it stands; one met
 * more often is in a legend line. Every message stays citable: its Slack link follows from the `links:`
 * form and its ts, or is written out when it does not.
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

/** How many messages each key (a name, a conversation) labels. */
export function uses<T>(items: T[], keyOf: (item: T) => string | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const key = keyOf(item);
    if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Authors' labels and the legend line that gives the id of each name met more than once
 * (`users: @maya=U07…`); a name met once carries its id in its label (`@leo=U07…`), and so do two ids
 * behind one name. When one user wrote every message (`sole`), the line says so as Slack's modifier would
 * (`from: @maya=U07…`) and blocks leave the author out.
 */
export function userLegend(messages: CompactMessage[], handles = new Map<string, string>(), sole = false) {
  const idsByName = new Map<string, Set<string>>();
  for (const m of messages) {
    if (!m.userId || !m.userName) continue;
    const ids = idsByName.get(m.userName) ?? new Set<string>();
    idsByName.set(m.userName, ids.add(m.userId));
  }
  const count = uses(messages, (m) => m.userName ?? undefined);
  const one =
    sole && messages.length > 1 && idsByName.size === 1 && messages.every((m) => m.userId && m.userName);
  const inLegend = (name: string) => one || (idsByName.get(name)?.size === 1 && (count.get(name) ?? 0) > 1);
  const handle = (id: string | null) => {
    const h = id ? handles.get(id) : undefined;
    return h ? ` (handle ${h})` : '';
  };
  const label = (m: CompactMessage) => {
    if (one) return '';
    if (!m.userName) return m.userId ? `@${m.userId}` : '@unknown';
    if (inLegend(m.userName) || !m.userId) return `@${m.userName}`;
    return `@${m.userName}=${m.userId}${idsByName.get(m.userName)?.size === 1 ? handle(m.userId) : ''}`;
  };
  const entries = [...idsByName]
    .filter(([name]) => inLegend(name))
    .map(([name, ids]) => {
      const id = [...ids][0] as string;
      return `@${name}=${id}${handle(id)}`;
    });
  const key = one ? 'from' : 'users';
  return { label, line: entries.length > 0 ? `${key}: ${entries.join(', ')}` : undefined };
}

const PERMALINK = /^(https:\/\/[^/?#]+)\/archives\/([A-Z0-9]+)\/p(\d{16})(\?thread_ts=(\d+\.\d+)&cid=\2)?$/;

/**
 * Slack's links said once: when two or more messages have permalinks of one workspace in Slack's own form
 * (`…/archives/<channel>/p<ts without the dot>`, a reply's with `?thread_ts=…&cid=…`), a `links:` line
 * gives the form and those messages leave theirs out (each header has the ts, and a reply its thread_ts).
 * Any other permalink stays on its message.
 */
export function linkForm(messages: CompactMessage[], channelId?: string) {
  const parsed = messages.map((m) => {
    const match = m.permalink ? PERMALINK.exec(m.permalink) : null;
    const fits = match && match[3] === m.ts.replace('.', '') && (!match[5] || match[5] === m.threadTs);
    return fits
      ? { base: match[1] as string, channel: match[2] as string, reply: Boolean(match[4]) }
      : undefined;
  });
  const fitting = parsed.filter((p) => p !== undefined);
  const base = fitting[0]?.base;
  const oneForm = fitting.length >= 2 && fitting.every((p) => p.base === base);
  if (!oneForm) return { line: undefined, shown: (m: CompactMessage) => m.permalink };
  const channels = new Set(fitting.map((p) => p.channel));
  const where =
    channels.size === 1 && (channelId === undefined || channels.has(channelId))
      ? [...channels][0]
      : '<channel_id>';
  const reply = fitting.some((p) => p.reply) ? `, a reply +?thread_ts=<thread_ts>&cid=${where}` : '';
  const formed = new Set(messages.filter((_, i) => parsed[i]).map((m) => m.permalink));
  return {
    line: `links: ${base}/archives/${where}/p<ts without the dot>${reply}`,
    shown: (m: CompactMessage) => (formed.has(m.permalink) ? undefined : m.permalink),
  };
}

/** `ts=…`, then what a follow-up call or a reader needs beside it. */
function header(m: CompactMessage, author: string, time: string, link: string | undefined): string {
  const parts = [m.where, author, time, `ts=${m.ts}`];
  // A reply's permalink names its thread_ts already.
  const linked = link?.includes(`thread_ts=${m.threadTs}`);
  if (m.threadTs && m.threadTs !== m.ts && !linked) parts.push(`thread_ts=${m.threadTs}`);
  if (m.replyCount !== undefined) parts.push(`replies=${m.replyCount}`);
  if (link) parts.push(link);
  if (m.note) parts.push(`(${m.note})`);
  return parts.filter(Boolean).join(' ');
}

/**
 * The message blocks: a header line (where, author, time, ids, link) and the text. A time carries its
 * day when the day differs from the block above (in any order: search hits come by score).
 */
export function messageBlocks(
  messages: CompactMessage[],
  label: (m: CompactMessage) => string,
  link: (m: CompactMessage) => string | undefined = (m) => m.permalink,
): string[] {
  return messages.map((m, i) => {
    const time = readableTime(m.ts, i === 0 ? undefined : messages[i - 1]?.ts);
    const block = `${header(m, label(m), time, link(m))}\n${m.text}`;
    return m.reply ? block.replace(/^/gm, '  ') : block;
  });
}

/**
 * The whole text: summary, `key: value` lines (undefined ones left out), then the blocks. The concise
 * summary's pointer to response_format=detailed is left out: the tool's format argument says it once.
 */
export function compactText(summary: string, lines: Array<string | undefined>, blocks: string[]): string {
  const said = summary.replace(` ${DETAILED_HINT}`, '').replace(DETAILED_HINT, '');
  const head = [said, ...lines.filter((l): l is string => Boolean(l))].join('\n');
  return blocks.length > 0 ? `${head}\n\n${blocks.join('\n\n')}\n` : `${head}\n`;
}

/** `searched: 120 channels (still loading)`: how much of the directory a legacy search saw. */
export const searchedLine = (s: { entries: number; complete: boolean } | undefined, what: string) =>
  s ? `searched: ${s.entries} ${what}${s.complete ? '' : ' (still loading)'}` : undefined;
