import type { AuditReturned } from './record.js';

// What an answer returned, by Slack's id conventions, for any read and either body (concise or Slack's
// detailed one): channel ids, each message's channel and ts, file ids, and counts. Texts are never read.

/** Ids a record keeps per list; the counts stay whole (`truncated` says when ids were left out). */
export const MAX_IDS = 100;
const MAX_DEPTH = 12;
const MAX_NODES = 50_000;

const CHANNEL_ID = /^[CDG][A-Z0-9]{2,}$/;
const FILE_ID = /^F[A-Z0-9]{2,}$/;
const USERGROUP_ID = /^S[A-Z0-9]{2,}$/;
const TS = /^\d{1,12}\.\d{1,9}$/;
/** Parts of Slack's bodies that carry no returned item of their own (an edit's ts is not a message). */
const SKIPPED = new Set([
  'blocks',
  'attachments',
  'edited',
  'reactions',
  'bot_profile',
  'user_profile',
  'icons',
  'metadata',
  'response_metadata',
  'previous',
  'previous_2',
]);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The channel an object names: `channel_id`, a `channel` id, or a `channel` object's id. */
function channelOf(node: Record<string, unknown>): string | undefined {
  const { channel_id: id, channel } = node;
  if (typeof id === 'string' && CHANNEL_ID.test(id)) return id;
  if (typeof channel === 'string' && CHANNEL_ID.test(channel)) return channel;
  if (isObject(channel) && typeof channel.id === 'string' && CHANNEL_ID.test(channel.id)) return channel.id;
  return undefined;
}

class Collector {
  readonly channels = new Set<string>();
  readonly messages = new Map<string, { channel: string | null; ts: string }>();
  readonly files = new Set<string>();
  users = 0;
  usergroups = 0;
  nodes = 0;

  walk(node: unknown, channel: string | undefined, key: string, depth: number): void {
    if (depth > MAX_DEPTH || ++this.nodes > MAX_NODES) return;
    if (Array.isArray(node)) {
      for (const item of node) {
        if (key === 'users' && isObject(item) && (item.user_id ?? item.id) !== undefined) this.users++;
        this.walk(item, channel, key, depth + 1);
      }
      return;
    }
    if (!isObject(node)) return;
    const own = channelOf(node) ?? channel;
    if (own !== undefined) this.channels.add(own);
    this.#item(node, own);
    for (const [name, value] of Object.entries(node))
      if (typeof value === 'object' && value !== null && !SKIPPED.has(name))
        this.walk(value, own, name, depth + 1);
  }

  #item(node: Record<string, unknown>, channel: string | undefined) {
    const ts = node.ts ?? node.message_ts;
    if (typeof ts === 'string' && TS.test(ts)) {
      const ref = { channel: channel ?? null, ts };
      this.messages.set(`${ref.channel}/${ts}`, ref);
    }
    const fileId = node.file_id ?? node.id;
    if (typeof fileId === 'string' && FILE_ID.test(fileId)) this.files.add(fileId);
    if (typeof node.id === 'string' && CHANNEL_ID.test(node.id)) this.channels.add(node.id);
    const group = node.usergroup_id ?? node.id;
    if (typeof group === 'string' && USERGROUP_ID.test(group)) this.usergroups++;
  }
}

/** Messages grouped by channel, each channel once, in the order first met. */
function byChannel(refs: readonly { channel: string | null; ts: string }[]): AuditReturned['messages'] {
  const groups = new Map<string | null, string[]>();
  for (const { channel, ts } of refs) {
    const group = groups.get(channel);
    if (group) group.push(ts);
    else groups.set(channel, [ts]);
  }
  return [...groups].map(([channel, ts]) => ({ channel, ts }));
}

/**
 * What `body` returned. `channel`: the channel the read was asked about (a thread's), for messages whose
 * body does not name theirs.
 */
export function returnedOf(body: Record<string, unknown>, channel?: string): AuditReturned {
  const known = channel !== undefined && CHANNEL_ID.test(channel) ? channel : undefined;
  const found = new Collector();
  if (known) found.channels.add(known);
  found.walk(body, known, '', 0);
  const messages = [...found.messages.values()];
  const counts: Record<string, number> = {};
  const count = (kind: string, n: number) => {
    if (n > 0) counts[kind] = n;
  };
  count('messages', messages.length);
  count('files', found.files.size);
  count('channels', found.channels.size);
  count('users', found.users);
  count('usergroups', found.usergroups);
  if (Array.isArray(body.results)) count('results', body.results.length);
  const channels = [...found.channels];
  const files = [...found.files];
  return {
    counts,
    channels: channels.slice(0, MAX_IDS),
    messages: byChannel(messages.slice(0, MAX_IDS)),
    files: files.slice(0, MAX_IDS),
    truncated: Math.max(channels.length, messages.length, files.length) > MAX_IDS,
  };
}
