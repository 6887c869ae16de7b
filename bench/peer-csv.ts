/**
 * The peer's answer, for byte comparisons: korotovsky/slack-mcp-server (npm `slack-mcp-server` 1.3.0)
 * answers every message read as CSV with this header, one row per message. Rendered here from the very
 * Slack bodies our fixture serves, with the rules issue 22 gives: `Channel` as `C0DEPLOYS (#deploys)`,
 * `Time` as ISO-8601 UTC (RFC 3339, seconds), the cursor on the last row when there is a next page.
 */
export const PEER_HEADER =
  'MsgID,UserID,UserName,RealName,Channel,ThreadTs,Text,Time,Permalink,Reactions,BotName,FileCount,AttachmentIDs,HasMedia,Cursor';

type Obj = Record<string, unknown>;

export interface PeerDirectory {
  /** users.list as the peer caches it: id → handle and real name. */
  users: Map<string, { name: string; realName?: string }>;
  /** conversations.list as the peer caches it: id → name (`#general`, `@leo` for a DM). */
  channels: Map<string, string>;
}

/** RFC 4180 quoting, as Go's encoding/csv writes a field. */
function field(value: unknown): string {
  const s = value === undefined || value === null ? '' : String(value);
  return /[",\r\n]/.test(s) || s.startsWith(' ') ? `"${s.replaceAll('"', '""')}"` : s;
}

const rfc3339 = (ts: string) => new Date(Math.floor(Number(ts)) * 1000).toISOString().replace('.000Z', 'Z');
const threadOf = (m: Obj) =>
  (m.thread_ts as string | undefined) ?? /[?&]thread_ts=([\d.]+)/.exec(String(m.permalink ?? ''))?.[1] ?? '';

function row(m: Obj, channelId: string, dir: PeerDirectory, cursor: string): string {
  const user = String(m.user ?? '');
  const known = dir.users.get(user);
  const channelName = dir.channels.get(channelId);
  const reactions = ((m.reactions as Obj[] | undefined) ?? []).map((r) => `${r.name}:${r.count}`).join('|');
  const files = (m.files as Obj[] | undefined) ?? [];
  const attachments = ((m.attachments as Obj[] | undefined) ?? []).map((a) => a.id).join(',');
  return [
    m.ts,
    user,
    known?.name ?? m.username ?? '',
    known?.realName ?? '',
    channelName ? `${channelId} (${channelName})` : channelId,
    threadOf(m),
    m.text,
    rfc3339(String(m.ts)),
    m.permalink ?? '',
    reactions,
    (m.bot_profile as Obj | undefined)?.name ?? '',
    files.length,
    attachments,
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
    return row(m, channel, dir, i === messages.length - 1 ? nextCursor : '');
  });
  return `${[PEER_HEADER, ...rows].join('\n')}\n`;
}
