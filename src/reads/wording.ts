import type { Surface, Wording } from '../slack/wording.js';
import { HISTORY_WORDING } from './channel-history/wording.js';
import { CONTEXT_WORDING } from './message-context/wording.js';
import { SEARCH_WORDING } from './search-messages/wording.js';
import { THREAD_WORDING } from './thread-replies/wording.js';

/** How each front end names parameters, and the reads' phrases that name one another. */
const SURFACE: Record<Surface, Pick<Wording, 'param' | 'wholeText'>> = {
  rest: {
    param: (name) => `querystring/${name}`,
    wholeText: 'max_text_chars=0 gives whole texts',
  },
  mcp: {
    // The MCP tools name the conversation channel_id, as the thread tool does.
    param: (name) => (name === 'channel' ? 'channel_id' : name),
    wholeText: 'max_text_chars: 0 gives whole texts',
  },
};

const wordingOf = (surface: Surface): Wording => ({
  ...SURFACE[surface],
  ...SEARCH_WORDING[surface],
  ...THREAD_WORDING[surface],
  ...HISTORY_WORDING[surface],
  ...CONTEXT_WORDING[surface],
});

export const WORDING: Record<Surface, Wording> = { rest: wordingOf('rest'), mcp: wordingOf('mcp') };
