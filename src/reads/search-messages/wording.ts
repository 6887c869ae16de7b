import type { Wording } from '../wording.js';

/** How to ask a search for fewer bytes. */
export const SMALLER_SEARCH = 'ask for a smaller count or set max_text_chars';

/** The search summary's pointers: a whole thread (the thread read) and what was said around a match (the context read). */
export function searchWays(w: Wording) {
  return w.surface === 'rest'
    ? {
        wholeThread: `Whole thread: GET ${w.path('thread-replies', { channel: '{channel_id}', ts: '{thread_ts}' })}.`,
        aroundMatch: `Around a match: GET ${w.path('message-context')}?url=<permalink>.`,
      }
    : {
        wholeThread: `Whole thread: use ${w.tool('thread-replies')} with channel_id and thread_ts.`,
        aroundMatch: `Around a match: ${w.tool('message-context')} with url=<permalink>.`,
      };
}

/** How to read whole the match texts max_text_chars cut: all of them, or one through the thread read. */
export function wholeMatchTexts(w: Wording): string {
  const all = `${w.setting('max_text_chars', 0)} gives whole texts`;
  return w.surface === 'rest'
    ? `${all}; one whole: GET ${w.path('thread-replies', { channel: '{channel_id}', ts: '{ts}' })}?max_text_chars=0`
    : `${all}; one whole: ${w.tool('thread-replies')} with channel_id, its ts as thread_ts and max_text_chars: 0`;
}
