import type { Surface, Wording } from '../../slack/wording.js';

export const SEARCH_PATH = '/search/messages';
export const SEARCH_TOOL = 'slack_search_messages';

export const SEARCH_WORDING: Record<Surface, Pick<Wording, 'smallerSearch'>> = {
  rest: { smallerSearch: 'ask for a smaller count or set max_text_chars' },
  mcp: { smallerSearch: 'ask for a smaller count or set max_text_chars' },
};
