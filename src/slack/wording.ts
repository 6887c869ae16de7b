/**
 * Which front end asked: hints and error messages name its paths and parameters, or its tools and arguments.
 * The phrases themselves belong to the reads (`src/reads/<read>/wording.ts`): formatting knows no path or tool.
 */
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
