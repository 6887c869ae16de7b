import { Errors, type RetryableError } from '../../errors.js';
import { parseMessageLink } from '../../slack/message-link.js';
import type { Wording } from '../wording.js';
import type { MessageContextParams } from './schemas.js';

// The pieces of the context read: what is asked for, calls it can do without, the order messages give way.

export interface ContextTarget {
  channel: string;
  ts: string;
  /** The thread root, when the message is known to be a reply. */
  threadTs?: string;
  linkHost?: string;
}

/** The message asked for: from `url`, else `channel` + `ts`; 400 naming what is missing or wrong. */
export function readTarget(params: MessageContextParams, wording: Wording): ContextTarget {
  const { url, channel, ts, thread_ts } = params;
  const p = wording.param;
  if (url !== undefined) {
    if (channel !== undefined || ts !== undefined || thread_ts !== undefined) {
      throw new Errors.BadRequest(
        `${p('url')} names the message: leave out ${p('channel')}, ${p('ts')} and ${p('thread_ts')}`,
      );
    }
    const link = parseMessageLink(url);
    if ('problem' in link) throw new Errors.BadRequest(`${p('url')} ${link.problem}`);
    const threadTs = link.threadTs !== link.ts ? link.threadTs : undefined;
    return { channel: link.channel, ts: link.ts, threadTs, linkHost: link.host };
  }
  if (channel === undefined || ts === undefined) {
    throw new Errors.BadRequest(`${p('url')}, or ${p('channel')} with ${p('ts')}, is required`);
  }
  return { channel, ts, threadTs: thread_ts !== ts ? thread_ts : undefined };
}

export type Outcome<T> = { value: T } | { skipped: string };

/**
 * A call the answer can do without: Slack's rate limit (for non-Marketplace apps, one history or replies
 * call a minute) leaves its part out with a sentence saying so, instead of failing the whole read.
 */
export const optional = <T>(work: Promise<T>, part: string): Promise<Outcome<T>> =>
  work.then(
    (value) => ({ value }),
    (err: unknown) => {
      if (!(err instanceof Errors.SlackRateLimited)) throw err;
      return {
        skipped: `${part} left out: Slack's rate limit allows no more calls now (retry after ${(err as RetryableError).retryAfterSeconds} s).`,
      };
    },
  );

export const required = <T>(work: Promise<T>): Promise<Outcome<T>> => work.then((value) => ({ value }));

/** Nearest first: the message before it, the one after, the second before, … */
export function nearestFirst<T>(before: T[], after: T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const b = before[before.length - 1 - i];
    if (b !== undefined) out.push(b);
    if (after[i] !== undefined) out.push(after[i]);
  }
  return out;
}
