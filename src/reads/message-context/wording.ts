import type { Surface, Wording } from '../../slack/wording.js';

/** The context read's name on each front end, and the hint (of the search read) that names it. */
export const CONTEXT_PATH = '/messages/context';
export const CONTEXT_TOOL = 'slack_get_message_context';

export const CONTEXT_WORDING: Record<Surface, Pick<Wording, 'contextHint'>> = {
  rest: { contextHint: 'Around a match: GET /messages/context?url=<permalink>.' },
  mcp: { contextHint: `Around a match: ${CONTEXT_TOOL} with url=<permalink>.` },
};
