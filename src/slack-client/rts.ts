import type { SlackBody } from './types.js';

/**
 * Slack's Real-time Search API (`assistant.search.*`), typed here and nowhere else: `@slack/web-api` has no
 * method for it yet (its issue #2607), so the gateway calls it with `apiCall`. When the SDK gains
 * `client.assistant.search.context`, this module is what changes. Slack forbids storing what it answers:
 * these bodies never reach a cache (see SlackGateway.live).
 */
export const RTS_SEARCH = 'assistant.search.context';
export const RTS_INFO = 'assistant.search.info';

/** Slack's most results a page. */
export const RTS_PAGE_LIMIT = 20;

/** The channel types RTS searches, and the user scope each needs (`public_channel` is the default). */
export const RTS_CHANNEL_SCOPES = {
  public_channel: 'search:read.public',
  private_channel: 'search:read.private',
  im: 'search:read.im',
  mpim: 'search:read.mpim',
} as const;
export type RtsChannelType = keyof typeof RTS_CHANNEL_SCOPES;

/** The arguments we send (a user token: never `action_token`). Lists are comma-joined strings. */
export interface RtsSearchArgs {
  query: string;
  channel_types: string;
  /** `messages`, or what a find read searches (`files`, `channels`, `users`: the read says, with its scope). */
  content_types: string;
  limit: number;
  cursor?: string;
  sort: 'score' | 'timestamp';
  sort_dir: 'asc' | 'desc';
  highlight: boolean;
  include_context_messages: boolean;
}

/** One message around a hit (`context_messages.before/after`); `author_name` appears in some examples only. */
export interface RtsContextMessage {
  text?: string;
  user_id?: string;
  ts?: string;
  author_name?: string;
}

export interface RtsMessage {
  author_name?: string;
  author_user_id?: string;
  team_id?: string;
  channel_id?: string;
  channel_name?: string;
  message_ts?: string;
  thread_ts?: string;
  content?: string;
  is_author_bot?: boolean;
  permalink?: string;
  blocks?: unknown[];
  context_messages?: { before?: RtsContextMessage[]; after?: RtsContextMessage[] };
}

/** Results under the content type searched: `messages` here, others read by the reads that search them. */
export type RtsSearchBody = SlackBody & {
  results?: { messages?: RtsMessage[] } & Record<string, unknown>;
  response_metadata?: { next_cursor?: string };
};

export type RtsInfoBody = SlackBody & { is_ai_search_enabled?: boolean };

/** Slack's answers meaning "this token or workspace cannot use RTS", after which search.messages is tried. */
export const RTS_NOT_THERE = new Set([
  'missing_scope',
  'feature_not_enabled',
  'not_allowed_token_type',
  'unknown_method',
  'method_not_supported_for_channel_type',
]);

/** Transient: Slack asks to retry later. */
export const RTS_DISABLED = 'assistant_search_context_disabled';
