import { assistantSearchContext } from './assistant-search-context.js';
import { assistantSearchInfo } from './assistant-search-info.js';
import { authRevoke } from './auth-revoke.js';
import { authTeamsList } from './auth-teams-list.js';
import { authTest } from './auth-test.js';
import { chatGetPermalink } from './chat-get-permalink.js';
import { conversationsHistory } from './conversations-history.js';
import { conversationsInfo } from './conversations-info.js';
import { conversationsList } from './conversations-list.js';
import { conversationsReplies } from './conversations-replies.js';
import { filesInfo } from './files-info.js';
import type { MethodSpec } from './method-context.js';
import { searchFilesMethod } from './search-files.js';
import { searchMessages } from './search-messages.js';
import { teamInfo } from './team-info.js';
import { usergroupsList } from './usergroups-list.js';
import { usergroupsUsersList } from './usergroups-users-list.js';
import { usersConversations } from './users-conversations.js';
import { usersInfo } from './users-info.js';
import { usersList } from './users-list.js';

export const METHODS: ReadonlyMap<string, MethodSpec> = new Map([
  ['auth.test', authTest],
  ['auth.revoke', authRevoke],
  ['auth.teams.list', authTeamsList],
  ['search.messages', searchMessages],
  ['assistant.search.context', assistantSearchContext],
  ['assistant.search.info', assistantSearchInfo],
  ['conversations.replies', conversationsReplies],
  ['conversations.history', conversationsHistory],
  ['conversations.info', conversationsInfo],
  ['conversations.list', conversationsList],
  ['users.info', usersInfo],
  ['users.list', usersList],
  ['users.conversations', usersConversations],
  ['search.files', searchFilesMethod],
  ['files.info', filesInfo],
  ['chat.getPermalink', chatGetPermalink],
  ['usergroups.list', usergroupsList],
  ['usergroups.users.list', usergroupsUsersList],
  ['team.info', teamInfo],
]);
