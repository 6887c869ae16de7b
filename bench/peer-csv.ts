/**
 * The peer's answer, for byte comparisons: korotovsky/slack-mcp-server (npm `slack-mcp-server` 1.3.0)
 * answers every message read as CSV with this header, one row per message. Rendered here from the very
 * Slack bodies our fixture serves, as its own binary renders them on the same fake workspace
 * (bench/peer-binary.ts): search rows say `Channel` as `C0DEPLOYS (#deploys)` (a DM as `D0… (#U0…)`, the
 * other member's id) and carry the permalink; history and thread rows give the bare channel id and no
 * permalink; `Time` is RFC 3339 UTC; a link `<url|label>` reads `url - label,` and each attachment is
 * folded into `Text` (`. Title: link - title,; Author: …; Text: …; Footer: … @ time`, newlines as
 * spaces, a trailing comma dropped); `AttachmentIDs` stays empty; the cursor is on the last row.
 */
export const PEER_HEADER =
  'MsgID,UserID,UserName,RealName,Channel,ThreadTs,Text,Time,Permalink,Reactions,BotName,FileCount,AttachmentIDs,HasMedia,Cursor';

type Obj = Record<string, unknown>;

export interface PeerDirectory {
  /** users.list as the peer caches it: id → handle and real name. */
  users: Map<string, { name: string; realName?: string }>;
  /** conversations.list as the peer caches it: id → name (`#general`). */
  channels: Map<string, string>;
  /** A DM's other member, by the DM's id. */
  dmUsers?: Map<string, string>;
}

/** RFC 4180 quoting, as Go's encoding/csv writes a field. */
function field(value: unknown): string {
  const s = value === undefined || value === null ? '' : String(value);
  return /[",\r\n]/.test(s) || s.startsWith(' ') ? `"${s.replaceAll('"', '""')}"` : s;
}

const rfc3339 = (ts: string) => new Date(Math.floor(Number(ts)) * 1000).toISOString().replace('.000Z', 'Z');
const threadOf = (m: Obj) =>
  (m.thread_ts as string | undefined) ?? /[?&]thread_ts=([\d.]+)/.exec(String(m.permalink ?? ''))?.[1] ?? '';

const links = (text: string) =>
  text.replace(/<([^|<>]+)\|([^<>]+)>/g, '$1 - $2,').replace(/<(https?:[^<>]+)>/g, '$1');
const flat = (text: string) => links(text).replace(/\s*\n+\s*/g, ' ');

/** An attachment as the peer folds it into `Text`. */
function attachmentText(a: Obj): string {
  const parts = [
    a.title ? `Title: ${a.title_link ? `${a.title_link} - ` : ''}${flat(String(a.title))},` : '',
    a.author_name ? `Author: ${a.author_name}` : '',
    a.text ? `Text: ${flat(String(a.text))}` : '',
    a.footer ? `Footer: ${flat(String(a.footer))}${a.ts ? ` @ ${rfc3339(String(a.ts))}` : ''}` : '',
  ];
  return parts.filter(Boolean).join('; ');
}

function text(m: Obj): string {
  const attachments = ((m.attachments as Obj[] | undefined) ?? []).map(attachmentText).filter(Boolean);
  return [flat(String(m.text ?? '')), ...attachments].join('. ').replace(/,$/, '');
}

function row(m: Obj, channelId: string, dir: PeerDirectory, cursor: string, search: boolean): string {
  const user = String(m.user ?? '');
  const known = dir.users.get(user);
  const channel = m.channel as Obj | undefined;
  // A DM's name, as the peer has it, is the other member's id.
  const dm = channel?.is_im === true || channelId.startsWith('D');
  const channelName = dm
    ? `#${String(channel?.user ?? dir.dmUsers?.get(channelId) ?? '')}`
    : dir.channels.get(channelId);
  const reactions = ((m.reactions as Obj[] | undefined) ?? []).map((r) => `${r.name}:${r.count}`).join('|');
  const files = (m.files as Obj[] | undefined) ?? [];
  return [
    m.ts,
    user,
    known?.name ?? m.username ?? '',
    known?.realName ?? '',
    search && channelName ? `${channelId} (${channelName})` : channelId,
    threadOf(m),
    text(m),
    rfc3339(String(m.ts)),
    search ? (m.permalink ?? '') : '',
    reactions,
    (m.bot_profile as Obj | undefined)?.name ?? '',
    files.length,
    '',
    files.length > 0,
    cursor,
  ]
    .map(field)
    .join(',');
}

/** The peer's CSV for some Slack messages (search matches carry their channel; replies get `channelId`). */
export function peerCsv(messages: Obj[], dir: PeerDirectory, channelId?: string, nextCursor = ''): string {
  const rows = messages.map((m, i) => {
    const channel = channelId ?? String((m.channel as Obj | undefined)?.id ?? '');
    return row(m, channel, dir, i === messages.length - 1 ? nextCursor : '', channelId === undefined);
  });
  return `${[PEER_HEADER, ...rows].join('\n')}\n`;
}
