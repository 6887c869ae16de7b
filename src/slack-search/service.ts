import type { CacheStatus } from '../cache/types.js';
import type { ChannelHistoryParams, HistoryBody } from '../schemas/channels.js';
import type { ContextBody, MessageContextParams } from '../schemas/context.js';
import type { SearchMessagesBody, SearchMessagesParams } from '../schemas/search-messages.js';
import type { ThreadBody, ThreadRepliesParams } from '../schemas/threads.js';
import type { Surface } from '../slack/wording.js';
import type { SlackAccess } from '../slack-client/types.js';
import { type AnswerCacheDeps, createAnswerCache } from './answer-cache.js';
import { channelHistory } from './channel-history.js';
import { messageContext } from './message-context.js';
import type { PipelineDeps } from './pipeline-deps.js';
import { searchMessages } from './search-messages.js';
import { threadReplies } from './thread-replies.js';

export interface SearchOptions {
  /** Only the wording of hints and messages changes: REST paths and parameters, or MCP tools and arguments. */
  surface: Surface;
}

/** A read's answer: the body (concise for compact), and with response_format=compact its text. */
export interface SearchAnswer<Body> {
  body: Body;
  cache: CacheStatus;
  /** The compact text, only when response_format=compact was asked. */
  text?: string;
}

/**
 * Slack search, thread and channel reads, the one pipeline every front end calls: identity once per request, the
 * cached answer, else Slack (cached), formatting, summary and byte cap. Bodies may be shared with the
 * cache: callers send them and never change them. Failures are the typed errors of `src/errors.ts`.
 */
export interface SlackSearch {
  searchMessages(
    access: SlackAccess,
    params: SearchMessagesParams,
    options: SearchOptions,
  ): Promise<SearchAnswer<SearchMessagesBody>>;
  threadReplies(
    access: SlackAccess,
    params: ThreadRepliesParams,
    options: SearchOptions,
  ): Promise<SearchAnswer<ThreadBody>>;
  channelHistory(
    access: SlackAccess,
    params: ChannelHistoryParams,
    options: SearchOptions,
  ): Promise<SearchAnswer<HistoryBody>>;
  messageContext(
    access: SlackAccess,
    params: MessageContextParams,
    options: SearchOptions,
  ): Promise<SearchAnswer<ContextBody>>;
}

export function createSlackSearch(deps: Omit<PipelineDeps, 'answers'> & AnswerCacheDeps): SlackSearch {
  const pipeline: PipelineDeps = { ...deps, answers: createAnswerCache(deps) };
  return {
    searchMessages: (access, params, { surface }) => searchMessages(pipeline, access, params, surface),
    threadReplies: (access, params, { surface }) => threadReplies(pipeline, access, params, surface),
    channelHistory: (access, params, { surface }) => channelHistory(pipeline, access, params, surface),
    messageContext: (access, params, { surface }) => messageContext(pipeline, access, params, surface),
  };
}
