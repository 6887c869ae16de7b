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

/** What one search looks for; each but messages needs a scope of its own besides the channel types'. */
export type RtsContentType = 'messages' | 'files' | 'channels' | 'users';
export const RTS_CONTENT_SCOPES: Record<RtsContentType, string> = {
  messages: 'search:read.public',
  files: 'search:read.files',
  channels: 'search:read.public',
  users: 'search:read.users',
};

/** The arguments we send (a user token: never `action_token`). Lists are comma-joined strings. */
export interface RtsSearchArgs {
  query: string;
  channel_types: string;
  content_types: RtsContentType;
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

/** `content_types=files`: no download URL (files.info has it). */
export interface RtsFile {
  file_id?: string;
  title?: string;
  file_type?: string;
  author_user_id?: string;
  uploader_user_id?: string;
  author_name?: string;
  team_id?: string;
  date_created?: number;
  date_updated?: number;
  permalink?: string;
  content?: string;
}

/** `content_types=channels`: no id (its permalink ends with it), privacy, archive state or size. */
export interface RtsChannel {
  name?: string;
  topic?: string;
  purpose?: string;
  creator_user_id?: string;
  creator_name?: string;
  team_id?: string;
  date_created?: number;
  date_updated?: number;
  permalink?: string;
}

/** `content_types=users`: `content` is what Slack matched (display name, title…). */
export interface RtsUser {
  user_id?: string;
  name?: string;
  real_name?: string;
  team_id?: string;
  permalink?: string;
  content?: string;
}

export type RtsSearchBody = SlackBody & {
  results?: { messages?: RtsMessage[]; files?: RtsFile[]; channels?: RtsChannel[]; users?: RtsUser[] };
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
