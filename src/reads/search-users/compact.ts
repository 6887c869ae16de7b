import { compactText, searchedLine } from '../../slack/compact-text.js';
import type { ConciseUsersBody } from './schemas.js';

/** Found people as compact text, one line each: `@handle=U…`, names, title, time zone. */
export function compactUsers(body: ConciseUsersBody): string {
  const rows = body.users.map((u) => {
    const names = [u.real_name, u.display_name].filter(Boolean).join(' / ');
    const traits = [
      u.is_bot ? 'bot' : undefined,
      u.deleted ? 'deactivated' : undefined,
      u.tz,
      u.email,
      u.workspace,
    ].filter(Boolean);
    return `@${u.name}=${u.user_id} ${names}${u.title ? `, ${u.title}` : ''}${traits.length ? ` (${traits.join(', ')})` : ''}`;
  });
  const lines = [
    body.response_metadata ? `next_cursor: ${body.response_metadata.next_cursor}` : undefined,
    `query: ${body.query}${body.backend === 'rts' ? ', backend: rts' : ''}`,
    searchedLine(body.searched, 'people'),
  ];
  return compactText(body.summary, lines, rows.length ? [rows.join('\n')] : []);
}
