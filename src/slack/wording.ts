/** Which front end asked: hints and error messages name its paths and parameters, or its tools and arguments. */
export type Surface = 'rest' | 'mcp';

export interface Wording {
  /** How a parameter is named in a message about it. */
  param: (name: string) => string;
  /** How to read a whole thread, when a concise match is in one. */
  threadHint: string;
  /** How to ask a search for fewer bytes. */
  smallerSearch: string;
  /** How to read the rest of a thread after `lastTs`, when the byte cap cut a page short. */
  threadResume: (lastTs: string) => string;
  /** How to read whole the search texts max_text_chars cut. */
  wholeMatchText: string;
  /** How to read whole the thread (or history) texts max_text_chars cut. */
  wholeText: string;
  /** How to read on past `lastTs` in a channel's history (newest first), when the byte cap cut a page short. */
  historyResume: (lastTs: string) => string;
  /** How to read a channel's history before (`latest`) or after (`oldest`) a ts. */
  historyFrom: (channel: string, bound: 'latest' | 'oldest', ts: string) => string;
  /** How to read the rest of a thread the context read showed the first page of. */
  threadMore: (channel: string, threadTs: string) => string;
  /** How to read a thread from its start. */
  threadRead: (channel: string, threadTs: string) => string;
  /** How to read what was said around a search match. */
  contextHint: string;
}

export const WORDING: Record<Surface, Wording> = {
  rest: {
    param: (name) => `querystring/${name}`,
    threadHint: 'Whole thread: GET /threads/{channel_id}/{thread_ts}.',
    smallerSearch: 'ask for a smaller count or set max_text_chars',
    threadResume: (lastTs) => `continue with oldest=${lastTs}`,
    wholeMatchText:
      'max_text_chars=0 gives whole texts; one whole: GET /threads/{channel_id}/{ts}?max_text_chars=0',
    wholeText: 'max_text_chars=0 gives whole texts',
    historyResume: (lastTs) => `continue with latest=${lastTs}`,
    historyFrom: (channel, bound, ts) => `GET /channels/${channel}/history?${bound}=${ts}`,
    threadMore: (channel, threadTs) =>
      `GET /threads/${channel}/${threadTs} with cursor=thread.response_metadata.next_cursor`,
    threadRead: (channel, threadTs) => `GET /threads/${channel}/${threadTs}`,
    contextHint: 'Around a match: GET /messages/context?url=<permalink>.',
  },
  mcp: {
    // The MCP tools name the conversation channel_id, as the thread tool does.
    param: (name) => (name === 'channel' ? 'channel_id' : name),
    threadHint: 'Whole thread: use slack_get_thread_replies with channel_id and thread_ts.',
    smallerSearch: 'ask for a smaller count or set max_text_chars',
    threadResume: () => 'ask for a smaller limit',
    wholeMatchText:
      'max_text_chars: 0 gives whole texts; one whole: slack_get_thread_replies with channel_id, its ts as thread_ts and max_text_chars: 0',
    wholeText: 'max_text_chars: 0 gives whole texts',
    historyResume: (lastTs) => `continue with latest=${lastTs}`,
    historyFrom: (channel, bound, ts) =>
      `slack_get_channel_history with channel_id=${channel} and ${bound}=${ts}`,
    threadMore: (channel, threadTs) =>
      `slack_get_thread_replies with channel_id=${channel}, thread_ts=${threadTs} and cursor=thread.response_metadata.next_cursor`,
    threadRead: (channel, threadTs) =>
      `slack_get_thread_replies with channel_id=${channel} and thread_ts=${threadTs}`,
    contextHint: 'Around a match: slack_get_message_context with url=<permalink>.',
  },
};
