import { compactText, searchedLine } from '../../slack/compact-text.js';
import type { ConciseChannelsBody } from './schemas.js';

/** Found channels as compact text: `#name=C…` with what is known of it, then its topic and purpose. */
export function compactChannels(body: ConciseChannelsBody): string {
  const blocks = body.channels.map((c) => {
    const traits = [
      c.is_private === null ? undefined : c.is_private ? 'private' : 'public',
      c.is_archived ? 'archived' : undefined,
      c.num_members === undefined ? undefined : `${c.num_members} members`,
      c.workspace,
    ].filter(Boolean);
    const head = `#${c.name}=${c.channel_id}${traits.length ? ` (${traits.join(', ')})` : ''}`;
    const about = [
      c.topic && `topic: ${c.topic}`,
      c.purpose && c.purpose !== c.topic && `purpose: ${c.purpose}`,
    ];
    return [head, ...about.filter(Boolean)].join('\n');
  });
  const lines = [
    body.response_metadata ? `next_cursor: ${body.response_metadata.next_cursor}` : undefined,
    `query: ${body.query}${body.backend === 'rts' ? ', backend: rts' : ''}`,
    searchedLine(body.searched, 'channels'),
  ];
  return compactText(body.summary, lines, blocks);
}
