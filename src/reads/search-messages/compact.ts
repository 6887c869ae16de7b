import type { ConciseContext, ConciseMatch } from '../../schemas/slack.js';
import { type CompactMessage, compactText, messageBlocks, userLegend } from '../../slack/compact-text.js';
import type { ConciseSearch } from './schemas.js';

type ContextMessage = ConciseContext['before'][number];

type Where = Pick<ConciseMatch, 'channel_id' | 'channel_name' | 'conversation_label'>;

/** `#general` for a channel, `DM with @leo` for a direct message, else (nothing known) the id. */
export function conversationLabel(m: Where): string {
  if (m.channel_name) return `#${m.channel_name}`;
  return m.conversation_label ?? m.channel_id;
}

const named = (m: Where) => Boolean(m.channel_name || m.conversation_label);

/** `channels: #general=C…, DM with @leo=D…`: each conversation's id once; `in: #general=C…` when one. */
function conversationLegend(matches: ConciseMatch[]) {
  const byId = new Map<string, string>();
  for (const m of matches) if (named(m)) byId.set(m.channel_id, conversationLabel(m));
  const entries = [...byId].map(([id, label]) => `${label}=${id}`);
  const sole = matches.length > 1 && byId.size === 1 && matches.every(named);
  const key = sole ? 'in' : 'channels';
  return { sole, line: entries.length > 0 ? `${key}: ${entries.join(', ')}` : undefined };
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
      where: conversations.sole ? undefined : conversationLabel(m),
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
  const lines = [
    body.response_metadata ? `next_cursor: ${body.response_metadata.next_cursor}` : undefined,
    body.queries ? `queries: ${body.queries.join(' | ')}` : `query: ${body.query}`,
    // search.messages is the default backend; another one is named, as the concise body names it.
    body.backend === 'search.messages' ? undefined : `backend: ${body.backend}, semantic: ${body.semantic}`,
    users.line,
    conversations.line,
  ];
  return compactText(body.summary, lines, messageBlocks(messages, users.label));
}
