import { num, str } from '../../slack/slack-values.js';
import { directoryAcross } from '../directory-across.js';
import { directorySummary } from '../find-page.js';
import { compactUsergroups } from './compact.js';
import { usergroupsPage } from './run.js';
import type { SearchUsergroupsParams } from './schemas.js';
import { LOADING, leftOutNotes, nextOf } from './wording.js';

type Group = Record<string, unknown>;
const membersOf = (g: Group) => (Array.isArray(g.members) ? g.members : undefined);

/** A shown group whose members were not asked for: none listed of some (concise), or no `users` (detailed). */
function unlisted(g: Group, detailed: boolean): boolean {
  if (detailed) return !Array.isArray(g.users);
  return (membersOf(g)?.length ?? 0) === 0 && (num(g.member_count) ?? 0) > 0;
}

/** A shown group with more members than max_members names. */
function cut(g: Group, params: SearchUsergroupsParams, detailed: boolean): boolean {
  if (params.max_members === 0) return false;
  if (detailed) return Array.isArray(g.users) && g.users.length > params.max_members;
  const shown = membersOf(g)?.length ?? 0;
  return shown > 0 && (num(g.member_count) ?? 0) > shown;
}

/**
 * User groups from several workspaces, one ranking (by handle without a query); a group with one id in two
 * workspaces (an organisation's group) once. Each workspace names its members as it does alone.
 */
export const searchUsergroupsAcross = directoryAcross({
  list: 'usergroups',
  nouns: ['user group', 'user groups'],
  what: 'user group',
  backend: false,
  one: usergroupsPage,
  rankable: (g) => ({ names: [str(g.handle) ?? '', str(g.name) ?? ''], words: [str(g.description) ?? ''] }),
  listedBy: (g) => str(g.handle) ?? '',
  id: (g) => str(g.usergroup_id) ?? str(g.id) ?? '',
  notes: (seen, shown, params, wording) => {
    const detailed = params.response_format === 'detailed';
    return [
      ...seen.filter((s) => s.answer.found.loading).map((s) => `${s.workspace.name}: ${LOADING}`),
      ...leftOutNotes(wording, {
        disabledLeft: seen.reduce((n, s) => n + s.answer.found.disabledLeft, 0),
        cut: shown.filter((g) => cut(g, params, detailed)).length,
        unlisted: shown.filter((g) => unlisted(g, detailed)).length,
      }),
    ];
  },
  summarise: (wording) => (found) =>
    directorySummary(['user group', 'user groups'], found, nextOf(wording, found.shown)),
  compact: compactUsergroups,
});
