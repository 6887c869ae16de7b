import type { ListShape } from './govern-answer.js';

/**
 * What the policy needs to know of one read, declared in its definition: the conversation or file it is
 * about (checked before it runs), what its answer lists, and how its compact text is written again once
 * its body is governed.
 */
export interface ReadPolicy<P = never> {
  /** The conversation (an id, `#name`) or Slack link the read is about: history, threads, context. */
  conversation?: (params: P) => string | undefined;
  /** The file the read is about: out of bounds when every conversation it is shared in is. */
  file?: (params: P) => string;
  /** The answer's lists of things that live in conversations. */
  lists?: ListShape;
  /** Its compact text from a concise body (response_format=compact). */
  compact?: (body: never) => string;
}
