import { assistantSearchContext } from './assistant-search-context.js';
import { assistantSearchInfo } from './assistant-search-info.js';
import { authTest } from './auth-test.js';
import { chatGetPermalink } from './chat-get-permalink.js';
import { conversationsHistory } from './conversations-history.js';
import { conversationsInfo } from './conversations-info.js';
import { conversationsList } from './conversations-list.js';
import { conversationsReplies } from './conversations-replies.js';
import type { MethodSpec } from './method-context.js';
import { searchMessages } from './search-messages.js';
import { usersInfo } from './users-info.js';

export const METHODS: ReadonlyMap<string, MethodSpec> = new Map([
  ['auth.test', authTest],
  ['search.messages', searchMessages],
  ['assistant.search.context', assistantSearchContext],
  ['assistant.search.info', assistantSearchInfo],
  ['conversations.replies', conversationsReplies],
  ['conversations.history', conversationsHistory],
  ['conversations.info', conversationsInfo],
  ['conversations.list', conversationsList],
  ['users.info', usersInfo],
  ['chat.getPermalink', chatGetPermalink],
]);
