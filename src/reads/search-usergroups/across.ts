import { str } from '../../slack/slack-values.js';
import { directoryAcross } from '../directory-across.js';
import { compactUsergroups } from './compact.js';
import { searchUsergroups } from './run.js';
import { usergroupsAcrossSummary } from './wording.js';

const handleOf = (g: Record<string, unknown>) => str(g.handle) ?? '';

/**
 * User groups from several workspaces, one ranking (by handle without a query); a group with one id in two
 * workspaces once. Each workspace's groups are searched as they are alone, members named there.
 */
export const searchUsergroupsAcross = directoryAcross({
  list: 'usergroups',
  nouns: ['user group', 'user groups'],
  one: searchUsergroups,
  rankable: (g) => ({ names: [handleOf(g), str(g.name) ?? ''], words: [str(g.description) ?? ''] }),
  id: (g) => str(g.usergroup_id) ?? str(g.id) ?? '',
  order: (a, b) => handleOf(a).localeCompare(handleOf(b)),
  summarise: usergroupsAcrossSummary,
  compact: compactUsergroups,
});
