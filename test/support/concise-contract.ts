import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// The concise formats as the project states them: docs/concise-format.md, read at run time. Its field
// tables are taken from the file itself (the fields readers rely on, then the fields we add); the meanings
// it states in words are the checks below. A listed field that is missing or means something else is a
// violation, and so is a table that lists a field this checker has no rule for.

type Body = Record<string, unknown>;

export const conciseFormatPath = resolve(import.meta.dirname, '../../docs/concise-format.md');

/** The markdown from the line `heading` to the next heading of the same or a higher level. */
function section(markdown: string, heading: string, from = 0): { text: string; at: number } {
  const level = heading.split(' ')[0] as string;
  const start = markdown.indexOf(`\n${heading}\n`, from);
  if (start < 0) throw new Error(`no "${heading}" heading in ${conciseFormatPath}`);
  const ends = ['\n## ', ...(level === '###' ? ['\n### '] : [])]
    .map((h) => markdown.indexOf(h, start + 1))
    .filter((i) => i >= 0);
  return { text: markdown.slice(start, ends.length ? Math.min(...ends) : undefined), at: start };
}

/** The backticked names in the first column of the markdown tables in `text`, in order. */
export const tableFields = (text: string): string[] =>
  [...text.matchAll(/^\|\s*`([a-z_]+)`\s*\|/gm)].map((m) => m[1] as string);

/** The fields a shape's section of docs/concise-format.md lists: those readers rely on, those we add. */
export function formatFields(markdown: string, shape: 'Search' | 'Thread') {
  const { at } = section(markdown, `## ${shape}`);
  return {
    relied: tableFields(section(markdown, '### Fields readers rely on', at).text),
    added: tableFields(section(markdown, '### Fields we add', at).text),
  };
}

const markdown = readFileSync(conciseFormatPath, 'utf8');
export const SEARCH_FIELDS = formatFields(markdown, 'Search');
export const THREAD_FIELDS = formatFields(markdown, 'Thread');
const listed = ({ relied, added }: { relied: string[]; added: string[] }) => [...relied, ...added];

const isNullableString = (v: unknown) => v === null || typeof v === 'string';
const TS = /^\d{9,10}\.\d{6}$/;
const DM_ID = /^D[A-Z0-9]+$/;

/** Which rule each listed field must meet, as docs/concise-format.md words it. */
const SEARCH_RULES: Record<string, (m: Body) => boolean> = {
  channel_id: (m) => typeof m.channel_id === 'string' && m.channel_id !== '',
  channel_name: (m) =>
    isNullableString(m.channel_name) &&
    // null for DMs and group DMs: readers tell a DM by it.
    (m.channel_name === null || !(DM_ID.test(String(m.channel_id)) || 'conversation_label' in m)),
  user_id: (m) => isNullableString(m.user_id),
  username: (m) => 'username' in m && isNullableString(m.username),
  ts: (m) => typeof m.ts === 'string' && TS.test(m.ts),
  text: (m) => typeof m.text === 'string',
  permalink: (m) => typeof m.permalink === 'string' && m.permalink.startsWith('https://'),
  thread_ts: (m) => !('thread_ts' in m) || (typeof m.thread_ts === 'string' && TS.test(m.thread_ts)),
  user_name: (m) => 'user_name' in m && isNullableString(m.user_name),
  conversation_label: (m) =>
    !('conversation_label' in m) ||
    (m.channel_name === null && /^(?:group )?DM(?: with .+)?$/.test(String(m.conversation_label))),
  context: (m) => {
    const c = m.context as Body | undefined;
    return c === undefined || (Array.isArray(c.before) && Array.isArray(c.after));
  },
};

const THREAD_RULES: Record<string, (m: Body) => boolean> = {
  user_id: (m) => isNullableString(m.user_id),
  ts: (m) => typeof m.ts === 'string' && TS.test(m.ts),
  text: (m) => typeof m.text === 'string',
  // The thread's id, on every message of a thread (a lone unthreaded message has no thread).
  thread_ts: (m) =>
    typeof m.thread_ts === 'string'
      ? TS.test(m.thread_ts)
      : m.is_parent === true && !('reply_count' in m) && !('parent_user_id' in m),
  reply_count: (m) => !('reply_count' in m) || (m.is_parent === true && Number.isInteger(m.reply_count)),
  parent_user_id: (m) =>
    !('parent_user_id' in m) || (m.is_parent === false && typeof m.parent_user_id === 'string'),
  is_parent: (m) => typeof m.is_parent === 'boolean',
  user_name: (m) => 'user_name' in m && isNullableString(m.user_name),
  permalink: (m) => typeof m.permalink === 'string' && m.permalink.startsWith('https://'),
};

function fieldViolations(
  items: unknown[],
  rules: Record<string, (m: Body) => boolean>,
  listed: string[],
  at: string,
) {
  const out: string[] = [];
  if (listed.join() !== Object.keys(rules).join())
    out.push(
      `docs/concise-format.md lists ${listed.join(', ')}; this checker knows ${Object.keys(rules).join(', ')}`,
    );
  items.forEach((item, i) => {
    const m = item as Body;
    for (const field of listed)
      if (!rules[field]?.(m))
        out.push(`${at}/${i}/${field} breaks docs/concise-format.md: ${JSON.stringify(m).slice(0, 300)}`);
  });
  return out;
}

const nextCursor = (body: Body) => (body.response_metadata as Body | undefined)?.next_cursor;

/** What in a concise search body (REST or MCP) breaks docs/concise-format.md. */
export function conciseSearchViolations(body: Body): string[] {
  const messages = body.messages as Body | undefined;
  const matches = messages?.matches;
  if (
    body.ok !== true ||
    typeof body.query !== 'string' ||
    !Array.isArray(matches) ||
    !Number.isInteger(messages?.total)
  )
    return [
      `not a concise search body (ok, query, messages: {total, matches}): ${JSON.stringify(body).slice(0, 300)}`,
    ];
  const out = fieldViolations(matches, SEARCH_RULES, listed(SEARCH_FIELDS), 'messages/matches');
  const summary = String(body.summary);
  const found = /^Found (\d+) messages?(?:, showing (\d+))?\./.exec(summary);
  if (!found || Number(found[1]) !== messages?.total)
    out.push(`summary does not start "Found N messages": ${summary}`);
  if (summary.includes('Use next_cursor for more results.') !== (nextCursor(body) !== undefined))
    out.push(`summary and response_metadata.next_cursor disagree: ${summary}`);
  if (!summary.includes('response_format=detailed'))
    out.push(`summary lacks the full-details hint: ${summary}`);
  if (matches.some((m) => 'thread_ts' in (m as Body)) && !summary.includes('Whole thread:'))
    out.push(`summary lacks the whole-thread hint for threaded matches: ${summary}`);
  return out;
}

/** What in a concise thread body (REST or MCP) breaks docs/concise-format.md. */
export function conciseThreadViolations(body: Body): string[] {
  if (body.ok !== true || !Array.isArray(body.messages) || typeof body.has_more !== 'boolean')
    return [`not a concise thread body (ok, messages, has_more): ${JSON.stringify(body).slice(0, 300)}`];
  const out = fieldViolations(body.messages, THREAD_RULES, listed(THREAD_FIELDS), 'messages');
  const summary = String(body.summary);
  if (!/^Found \d+ messages? in thread\b/.test(summary))
    out.push(`summary does not start "Found N messages in thread": ${summary}`);
  if (
    summary.includes('Use next_cursor for more results.') !== body.has_more ||
    (nextCursor(body) !== undefined) !== body.has_more
  )
    out.push(`has_more, next_cursor and the summary disagree: ${summary}`);
  return out;
}

const filledString = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/**
 * What in a concise search body says something else than Slack's own body for the same request (the
 * detailed body): `username` is Slack's as sent, `channel_name` null for DMs and group DMs, `user_id`
 * the author.
 */
export function searchMeaningViolations(concise: Body, detailed: Body): string[] {
  const raw = ((detailed.messages as Body).matches as Body[]).map((m) => {
    const channel = (typeof m.channel === 'object' && m.channel !== null ? m.channel : {}) as Body;
    return { m, channel, id: filledString(channel.id) ?? filledString(m.channel) };
  });
  const out: string[] = [];
  for (const match of (concise.messages as Body).matches as Body[]) {
    const found = raw.find((r) => r.id === match.channel_id && r.m.ts === match.ts);
    if (!found) {
      out.push(`no Slack match for ${match.channel_id} ${match.ts}`);
      continue;
    }
    const { m, channel, id } = found;
    const dm =
      channel.is_im === true ||
      channel.is_mpim === true ||
      m.is_mpim === true ||
      String(id).startsWith('D') ||
      String(channel.name).startsWith('mpdm-');
    const expected = {
      channel_name: dm ? null : filledString(channel.name),
      username: typeof m.username === 'string' ? m.username : null,
      user_id: filledString(m.user),
    };
    for (const [field, value] of Object.entries(expected))
      if (match[field] !== value)
        out.push(
          `${id} ${m.ts}: ${field} is ${JSON.stringify(match[field])}, Slack's says ${JSON.stringify(value)}`,
        );
  }
  return out;
}

/** What in a concise thread body says something else than Slack's own body for the same request. */
export function threadMeaningViolations(concise: Body, detailed: Body): string[] {
  const raw = new Map((detailed.messages as Body[]).map((m) => [m.ts, m]));
  const out: string[] = [];
  for (const message of concise.messages as Body[]) {
    const m = raw.get(message.ts);
    if (!m) {
      out.push(`no Slack message ${message.ts}`);
      continue;
    }
    const isParent = !filledString(m.thread_ts) || m.thread_ts === m.ts;
    const expected: Body = {
      user_id: filledString(m.user) ?? filledString(m.bot_id),
      thread_ts: filledString(m.thread_ts) ?? (Number(m.reply_count) > 0 ? m.ts : undefined),
      is_parent: isParent,
      reply_count: isParent ? m.reply_count : undefined,
      parent_user_id: isParent ? undefined : (filledString(m.parent_user_id) ?? undefined),
    };
    for (const [field, value] of Object.entries(expected))
      if (message[field] !== value)
        out.push(
          `${m.ts}: ${field} is ${JSON.stringify(message[field])}, Slack's says ${JSON.stringify(value)}`,
        );
  }
  return out;
}
