import type { SlackAttachment, SlackFile } from './message-content.js';

/** The parts of a search.messages match the service reads. */
export interface SlackMatch {
  iid?: string;
  channel?: { id?: string; name?: string; is_im?: boolean; is_mpim?: boolean };
  user?: string;
  username?: string;
  ts: string;
  text?: string;
  permalink?: string;
  thread_ts?: string;
  score?: number;
  attachments?: SlackAttachment[];
  files?: SlackFile[];
  [key: string]: unknown;
}

/** The parts of a conversations.replies message the service reads. */
export interface SlackMessage {
  user?: string;
  bot_id?: string;
  ts: string;
  text?: string;
  thread_ts?: string;
  reply_count?: number;
  parent_user_id?: string;
  attachments?: SlackAttachment[];
  files?: SlackFile[];
  [key: string]: unknown;
}
