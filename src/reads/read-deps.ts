import type { UserQuota } from '../rate-gates/user-quota.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { AnswerCache } from '../slack-search/answer-cache.js';
import type { SearchBackend } from './search-messages/search-backend.js';

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
}
