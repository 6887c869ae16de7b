import type { ConciseContext, ConciseMatch } from '../../schemas/slack.js';
import {
  type CompactMessage,
  compactText,
  linkForm,
  messageBlocks,
  userLegend,
  uses,
} from '../../slack/compact-text.js';
import type { ConciseSearch } from './schemas.js';

type ContextMessage = ConciseContext['before'][number];

type Where = Pick<ConciseMatch, 'channel_id' | 'channel_name' | 'conversation_label'>;

/** `#general` for a channel, `DM with @leo` for a direct message, else (nothing known) the id. */
export function conversationLabel(m: Where): string {
  if (m.channel_name) return `#${m.channel_name}`;
  return m.conversation_label ?? m.channel_id;
}

const named = (m: Where) => Boolean(m.channel_name || m.conversation_label);

/**
 * `channels: #general=C…, DM with @leo=D…`: the id of each conversation met more than once; one met once
 * carries its id in its label, and `in: #general=C…` says when every match is in one.
 */
function conversationLegend(matches: ConciseMatch[]) {
  const byId = new Map<string, string>();
  for (const m of matches) if (named(m)) byId.set(m.channel_id, conversationLabel(m));
  const count = uses(matches, (m) => m.channel_id);
  const sole = matches.length > 1 && byId.size === 1 && matches.every(named);
  const inLegend = (id: string) => sole || (count.get(id) ?? 0) > 1;
  const entries = [...byId].filter(([id]) => inLegend(id)).map(([id, label]) => `${label}=${id}`);
  const key = sole ? 'in' : 'channels';
  const where = (m: ConciseMatch) => {
    if (sole) return undefined;
    if (!named(m) || inLegend(m.channel_id)) return conversationLabel(m);
    // A DM its other member wrote: the author's label names them already.
    const label = m.conversation_label === `DM with @${m.user_name}` ? 'DM' : conversationLabel(m);
    return `${label}=${m.channel_id}`;
  };
  return { where, line: entries.length > 0 ? `${key}: ${entries.join(', ')}` : undefined };
}

/** A concise search body as compact text: everything it says, each name's id once. */
export function compactSearch(body: ConciseSearch): string {
  const matches = body.messages.matches;
  const conversations = conversationLegend(matches);
  // With include_context, a hit's neighbours sit indented around it.
  const around = (list: ContextMessage[] | undefined, note: string): CompactMessage[] =>
    (list ?? []).map((c) => ({
      userId: c.user_id,
      userName: c.user_name,
      ts: c.ts,
      text: c.text,
      reply: true,
      note,
    }));
  const messages: CompactMessage[] = matches.flatMap((m) => [
    ...around(m.context?.before, 'before'),
    {
      // A search across workspaces names each match's (`Grid HQ #general`).
      where: m.workspace
        ? [m.workspace, conversations.where(m)].filter(Boolean).join(' ')
        : conversations.where(m),
      userId: m.user_id,
      userName: m.user_name,
      ts: m.ts,
      text: m.text,
      threadTs: m.thread_ts,
      permalink: m.permalink,
    },
    ...around(m.context?.after, 'after'),
  ]);
  const handles = new Map<string, string>();
  for (const m of matches)
    if (m.user_id && m.username && m.username !== m.user_name) handles.set(m.user_id, m.username);
  const users = userLegend(messages, handles, true);
  const links = linkForm(messages);
  // The caller knows its query and the summary names the backend: only merged searches say their queries.
  const lines = [
    body.response_metadata ? `next_cursor: ${body.response_metadata.next_cursor}` : undefined,
    body.queries ? `queries: ${body.queries.join(' | ')}` : undefined,
    users.line,
    conversations.line,
    links.line,
  ];
  return compactText(body.summary, lines, messageBlocks(messages, users.label, links.shown));
}
