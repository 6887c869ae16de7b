import type { Wording } from '../wording.js';

/** What a user group search found, for its summary. */
export interface UsergroupsFound {
  total: number;
  shown: number;
  more: boolean;
  /** Slack's list had not arrived within the wait: what was loaded so far was searched. */
  loading: boolean;
  /** Disabled groups that match but were left out (include_disabled=false). */
  disabledLeft: number;
  /** Shown groups whose members were not asked for (past the few usergroups.users.list calls a request makes). */
  unlisted: number;
  /** Shown groups with more members than max_members. */
  cut: number;
}

const groups = (n: number, kind = '') => `${n} ${kind}user ${n === 1 ? 'group' : 'groups'}`;

/** Where to go from the groups found: a member's messages (the search read), who a member is (the people read). */
function nextSteps(w: Wording): string[] {
  return w.surface === 'rest'
    ? [
        `A member's messages: GET ${w.path('search-messages')}?from_users={user_id}&query=….`,
        `Who they are: GET ${w.path('search-users')}?query={user_name}.`,
      ]
    : [
        `A member's messages: ${w.tool('search-messages')} with from_users=[user_id].`,
        `Who they are: ${w.tool('search-users')} with query=user_name.`,
      ];
}

export const LOADING = "Slack's list of user groups is still loading: search again in a moment.";

/** What was left out of the groups shown: disabled ones, members past max_members, members not asked for. */
export function leftOutNotes(w: Wording, found: Pick<UsergroupsFound, 'disabledLeft' | 'cut' | 'unlisted'>) {
  const parts: string[] = [];
  if (found.disabledLeft > 0)
    parts.push(
      `${groups(found.disabledLeft, 'disabled ')} left out: ${w.setting('include_disabled', 'true')}.`,
    );
  if (found.cut > 0)
    parts.push(
      `${groups(found.cut)} with more members than shown: ${w.setting('max_members', 0)} names all.`,
    );
  if (found.unlisted > 0)
    parts.push(`Members of ${groups(found.unlisted)} not listed: ask for fewer at a time.`);
  return parts;
}

/** What to do next: with a member, or with other words when none was found. */
export const nextOf = (w: Wording, shown: number) =>
  shown > 0 ? nextSteps(w) : ['Try other words, or include_disabled.'];

/** The summary: how many were found and shown, what was left out and why, and what to do next. */
export function usergroupsSummary(w: Wording, found: UsergroupsFound): string {
  const { total, shown } = found;
  const parts = [`Found ${groups(total)}${shown < total ? `, showing ${shown}` : ''}.`];
  if (found.loading) parts.push(LOADING);
  parts.push(...leftOutNotes(w, found));
  if (found.more) parts.push('Use next_cursor for more results.');
  parts.push(...nextOf(w, shown));
  return parts.join(' ');
}
