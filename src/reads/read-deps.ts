import type { Clock } from '../cache/types.js';
import type { UserQuota } from '../rate-gates/user-quota.js';
import type { DownloadPolicy } from '../slack-client/download-file.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { AnswerCache } from '../slack-search/answer-cache.js';
import type { Directories } from '../slack-search/directory.js';
import type { HtmlConversions } from './read-file/html-conversions.js';
import type { SearchBackend } from './search-messages/search-backend.js';
import type { SearchBackendKind } from './search-messages/search-backends.js';

/** What the Slack reads work with. */
export interface PipelineDeps {
  slack: SlackGateway;
  answers: AnswerCache;
  /** search.messages, Real-time Search, or the choice between them (SLACK_SEARCH_BACKEND). */
  backend: SearchBackend;
  /** Each Slack user's Real-time Search calls a minute, shared by every read that makes one. */
  rtsQuota: UserQuota;
  /** MAX_RESPONSE_BYTES: no body is larger. */
  maxResponseBytes: number;
  /** SLACK_SEARCH_BACKEND, for the file, channel and people searches. */
  backendKind: SearchBackendKind;
  /** Channel and people directories (conversations.list, users.list) for searches without Real-time Search. */
  directories: Directories;
  /** Where file downloads may come from, how big and how slow. */
  download: DownloadPolicy;
  /** HTML files (canvases, pages) converted to text off the event loop, bounded in time and size. */
  html: HtmlConversions;
  clock: Clock;
}
