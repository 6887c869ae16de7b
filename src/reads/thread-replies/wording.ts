import type { Surface, Wording } from '../../slack/wording.js';

/** The thread read's name on each front end, and the phrases (its own, and other reads' hints) that name it. */
export const THREAD_PATH = '/threads/:channel/:ts';
export const THREAD_TOOL = 'slack_get_thread_replies';

type ThreadPhrases = Pick<
  Wording,
  'threadHint' | 'threadResume' | 'wholeMatchText' | 'threadMore' | 'threadRead'
>;

export const THREAD_WORDING: Record<Surface, ThreadPhrases> = {
  rest: {
    threadHint: 'Whole thread: GET /threads/{channel_id}/{thread_ts}.',
    threadResume: (lastTs) => `continue with oldest=${lastTs}`,
    wholeMatchText:
      'max_text_chars=0 gives whole texts; one whole: GET /threads/{channel_id}/{ts}?max_text_chars=0',
    threadMore: (channel, threadTs) =>
      `GET /threads/${channel}/${threadTs} with cursor=thread.response_metadata.next_cursor`,
    threadRead: (channel, threadTs) => `GET /threads/${channel}/${threadTs}`,
  },
  mcp: {
    threadHint: `Whole thread: use ${THREAD_TOOL} with channel_id and thread_ts.`,
    threadResume: () => 'ask for a smaller limit',
    wholeMatchText: `max_text_chars: 0 gives whole texts; one whole: ${THREAD_TOOL} with channel_id, its ts as thread_ts and max_text_chars: 0`,
    threadMore: (channel, threadTs) =>
      `${THREAD_TOOL} with channel_id=${channel}, thread_ts=${threadTs} and cursor=thread.response_metadata.next_cursor`,
    threadRead: (channel, threadTs) => `${THREAD_TOOL} with channel_id=${channel} and thread_ts=${threadTs}`,
  },
};
