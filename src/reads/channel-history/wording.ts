import type { Surface, Wording } from '../../slack/wording.js';

/** The history read's name on each front end, and the phrases (its own, and other reads' hints) that name it. */
export const HISTORY_PATH = '/channels/:channel/history';
export const HISTORY_TOOL = 'slack_get_channel_history';

export const HISTORY_WORDING: Record<Surface, Pick<Wording, 'historyResume' | 'historyFrom'>> = {
  rest: {
    historyResume: (lastTs) => `continue with latest=${lastTs}`,
    historyFrom: (channel, bound, ts) => `GET /channels/${channel}/history?${bound}=${ts}`,
  },
  mcp: {
    historyResume: (lastTs) => `continue with latest=${lastTs}`,
    historyFrom: (channel, bound, ts) => `${HISTORY_TOOL} with channel_id=${channel} and ${bound}=${ts}`,
  },
};
