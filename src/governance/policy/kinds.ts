import type { ConversationKind } from '../consent-scopes.js';

/** Every kind of conversation, in the order a policy and its messages list them. */
export const CONVERSATION_KINDS: readonly ConversationKind[] = ['public', 'private', 'mpim', 'im'];
