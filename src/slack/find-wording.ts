import type { Surface } from './wording.js';

/** How the find reads' summaries name the next step, on each front end. */
export interface FindWording {
  param: (name: string) => string;
  /** How to read a found file's text. */
  readFile: string;
  /** How to read on in a file after `offset` characters. */
  readOn: (fileId: string, offset: number) => string;
  /** How to read a whole file text. */
  wholeFile: string;
  /** How to read a channel's messages. */
  channelHistory: string;
  /** How to search a person's messages. */
  personMessages: string;
  /** How to search a channel's messages. */
  channelMessages: string;
}

export const FIND_WORDING: Record<Surface, FindWording> = {
  rest: {
    param: (name) => (name === 'file_id' ? `params/${name}` : `querystring/${name}`),
    readFile: 'Read one: GET /files/{file_id}.',
    readOn: (fileId, offset) => `GET /files/${fileId}?offset=${offset}`,
    wholeFile: 'max_text_chars=0 reads it all',
    channelHistory: 'Its messages: GET /channels/{channel_id}/history.',
    personMessages: 'Their messages: GET /search/messages?from_users={user_id}&query=….',
    channelMessages: 'Search in one: GET /search/messages?channel_ids={channel_id}&query=….',
  },
  mcp: {
    param: (name) => name,
    readFile: 'Read one: slack_read_file with file_id.',
    readOn: (fileId, offset) => `slack_read_file with file_id=${fileId} and offset=${offset}`,
    wholeFile: 'max_text_chars: 0 reads it all',
    channelHistory: 'Its messages: slack_get_channel_history with channel_id.',
    personMessages: 'Their messages: slack_search_messages with from_users=[user_id].',
    channelMessages: 'Search in one: slack_search_messages with channel_ids=[channel_id].',
  },
};
