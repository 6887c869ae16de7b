import { isObject, str } from '../../slack/slack-values.js';
import { directoryAcross } from '../directory-across.js';
import { compactUsers } from './compact.js';
import { searchUsers, summarise } from './run.js';

const profileOf = (u: Record<string, unknown>) => (isObject(u.profile) ? u.profile : {});

/** People from several workspaces' directories, one ranking; a person of two workspaces (one id) once. */
export const searchUsersAcross = directoryAcross({
  list: 'users',
  nouns: ['person', 'people'],
  what: 'person',
  one: searchUsers,
  rankable: (u) => ({
    names: [
      str(u.name) ?? '',
      str(u.real_name) ?? str(u.full_name) ?? '',
      str(u.display_name) ?? str(profileOf(u).display_name) ?? '',
    ],
    words: [str(u.title) ?? str(profileOf(u).title) ?? ''],
  }),
  id: (u) => str(u.user_id) ?? str(u.id) ?? '',
  summarise,
  compact: compactUsers,
});
