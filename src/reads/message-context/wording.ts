import type { ContextWays } from '../../slack/summary.js';
import type { Wording } from '../wording.js';

/** How the context read's summary says to read on: the history and thread reads, by path or tool. */
export function contextWays(w: Wording): ContextWays {
  if (w.surface === 'rest')
    return {
      channelFrom: (channel, bound, ts) => `GET ${w.path('channel-history', { channel })}?${bound}=${ts}`,
      threadFrom: (channel, ts) => `GET ${w.path('thread-replies', { channel, ts })}`,
      threadRest: (channel, ts) =>
        `GET ${w.path('thread-replies', { channel, ts })} with cursor=thread.response_metadata.next_cursor`,
    };
  const history = w.tool('channel-history');
  const thread = w.tool('thread-replies');
  return {
    channelFrom: (channel, bound, ts) => `${history} with channel_id=${channel} and ${bound}=${ts}`,
    threadFrom: (channel, ts) => `${thread} with channel_id=${channel} and thread_ts=${ts}`,
    threadRest: (channel, ts) =>
      `${thread} with channel_id=${channel}, thread_ts=${ts} and cursor=thread.response_metadata.next_cursor`,
  };
}
