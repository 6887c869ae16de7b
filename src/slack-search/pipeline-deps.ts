import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { AnswerCache } from './answer-cache.js';

/** What the search and thread pipelines work with. */
export interface PipelineDeps {
  slack: SlackGateway;
  answers: AnswerCache;
  /** MAX_RESPONSE_BYTES: no body is larger. */
  maxResponseBytes: number;
}
