import { compactText } from '../../slack/compact-text.js';
import type { ConciseUsergroupsBody } from './schemas.js';

/** Found groups as compact text: `@handle=S… name (N members)`, its description, then its members. */
export function compactUsergroups(body: ConciseUsergroupsBody): string {
  const blocks = body.usergroups.map((g) => {
    const traits = [`${g.member_count} ${g.member_count === 1 ? 'member' : 'members'}`];
    if (g.disabled) traits.push('disabled');
    if (g.workspace) traits.push(g.workspace);
    const members = g.members.map((m) => `@${m.user_name ?? m.user_id}=${m.user_id}`).join(', ');
    return [
      `@${g.handle}=${g.usergroup_id} ${g.name} (${traits.join(', ')})`,
      g.description,
      members && `members: ${members}`,
    ]
      .filter(Boolean)
      .join('\n');
  });
  const lines = [
    body.response_metadata ? `next_cursor: ${body.response_metadata.next_cursor}` : undefined,
    body.query === undefined ? undefined : `query: ${body.query}`,
  ];
  return compactText(body.summary, lines, blocks);
}
