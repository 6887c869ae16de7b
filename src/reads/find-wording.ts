import type { Surface } from '../slack/wording.js';
import { HISTORY_TOOL } from './channel-history/wording.js';
import { READ_FILE_TOOL } from './read-file/wording.js';
import { SEARCH_PATH, SEARCH_TOOL } from './search-messages/wording.js';

/** How the file, channel and people reads' summaries name the next step, on each front end. */
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
  /** How to search a channel's messages. */
  channelMessages: string;
  /** How to search a person's messages. */
  personMessages: string;
}

export const FIND_WORDING: Record<Surface, FindWording> = {
  rest: {
    param: (name) => (name === 'file_id' ? `params/${name}` : `querystring/${name}`),
    readFile: 'Read one: GET /files/{file_id}.',
    readOn: (fileId, offset) => `GET /files/${fileId}?offset=${offset}`,
    wholeFile: 'max_text_chars=0 reads it all',
    channelHistory: 'Its messages: GET /channels/{channel_id}/history.',
    channelMessages: `Search in one: GET ${SEARCH_PATH}?channel_ids={channel_id}&query=….`,
    personMessages: `Their messages: GET ${SEARCH_PATH}?from_users={user_id}&query=….`,
  },
  mcp: {
    param: (name) => name,
    readFile: `Read one: ${READ_FILE_TOOL} with file_id.`,
    readOn: (fileId, offset) => `${READ_FILE_TOOL} with file_id=${fileId} and offset=${offset}`,
    wholeFile: 'max_text_chars: 0 reads it all',
    channelHistory: `Its messages: ${HISTORY_TOOL} with channel_id.`,
    channelMessages: `Search in one: ${SEARCH_TOOL} with channel_ids=[channel_id].`,
    personMessages: `Their messages: ${SEARCH_TOOL} with from_users=[user_id].`,
  },
};
