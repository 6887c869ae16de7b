import type { Cached } from '../../cache/types.js';
import { Errors } from '../../errors.js';
import { type RepliesBodyRead, readRepliesBody } from '../../slack/read-slack-body.js';
import { num, type SlackObject } from '../../slack/slack-values.js';
import { pageCapNote } from '../../slack/summary.js';
import type { SlackAccess, SlackBody, SlackIdentity } from '../../slack-client/types.js';
import { answerCache, directories } from '../common-services.js';
import { rtsQuota } from '../rts-quota.js';
import type { ServicesOf } from '../services.js';
import { readThread, threadPageServices } from '../thread-page.js';
import type { Wording } from '../wording.js';
import type { ContextTarget, Outcome } from './context-parts.js';
import { optional, required } from './context-parts.js';
import type { MessageContextParams } from './schemas.js';

// A #name is found in the channel directories, or by Slack's own search for it (search.messages or Real-time Search).
export const contextServices = { ...threadPageServices, answers: answerCache, directories, rtsQuota };
export type ContextDeps = ServicesOf<typeof contextServices>;

/** Messages of the thread's first page shown with the linked message. */
export const CONTEXT_THREAD_PAGE = 20;

type ThreadRead = Awaited<ReturnType<typeof readThread>>;
type Side = { c: Cached<SlackBody>; read: RepliesBodyRead };

/** What Slack sent around the message: its channel neighbours by ts, its thread's page, and what to say. */
export interface Around {
  raw: Map<string, SlackObject>;
  sides: Record<'earlier' | 'later', RepliesBodyRead | undefined>;
  threadRead?: ThreadRead;
  sources: Cached<SlackBody>[];
  notes: string[];
  /** A part was left out by Slack's rate limit: the answer is not cached. */
  partial: boolean;
}

interface Where {
  deps: ContextDeps;
  access: SlackAccess;
  me: SlackIdentity;
  channel: string;
  target: ContextTarget;
  params: MessageContextParams;
  wording: Wording;
}

/** The ts the channel neighbours are around: the message, or a reply's thread root. */
export const anchorOf = (target: ContextTarget) => target.threadTs ?? target.ts;

/** A page of the thread rooted at `ts`, as the thread read answers it. */
const threadAt = ({ deps, access, me, channel, params, wording }: Where, ts: string) => {
  const { response_format, max_text_chars } = params;
  const page = { channel, ts, limit: CONTEXT_THREAD_PAGE, response_format, max_text_chars };
  return readThread(deps, access, me, page, wording);
};

/**
 * One history call per side asked (the side that holds the message itself must succeed), and the
 * thread when the link says which; all at once.
 */
function startReads(where: Where) {
  const { deps, access, channel, target, params } = where;
  const { before, after } = params;
  const anchor = anchorOf(target);
  const history = (args: Record<string, unknown>) =>
    deps.slack.history(access, { channel, ...args }).then((c) => ({ c, read: readRepliesBody(c.value) }));
  const withAnchor = before > 0 || after === 0;
  const earlier = withAnchor
    ? required(history({ latest: anchor, inclusive: true, limit: before + 1 }))
    : undefined;
  const laterCall =
    after > 0 && history({ oldest: anchor, inclusive: !withAnchor, limit: withAnchor ? after : after + 1 });
  const later = laterCall
    ? withAnchor
      ? optional(laterCall, 'Messages after it were')
      : required(laterCall)
    : undefined;
  const knownThread = target.threadTs
    ? optional(threadAt(where, target.threadTs), 'Its thread was')
    : undefined;
  // When one call fails the request answers with that failure; the others' failures are then moot.
  for (const work of [earlier, later, knownThread]) work?.catch(() => undefined);
  return { earlier, later, knownThread };
}

/** The two sides' messages by ts, their Slack bodies, and the notes a rate limit or a short page calls for. */
function gatherSides(
  outcomes: [Outcome<Side> | undefined, Outcome<Side> | undefined],
  params: MessageContextParams,
) {
  const around: Around = {
    raw: new Map(),
    sides: { earlier: undefined, later: undefined },
    sources: [],
    notes: [],
    partial: false,
  };
  const limits = { earlier: params.before + 1, later: params.after };
  for (const [side, outcome] of [
    ['earlier', outcomes[0]],
    ['later', outcomes[1]],
  ] as const) {
    if (!outcome) continue;
    if ('skipped' in outcome) {
      around.notes.push(outcome.skipped);
      around.partial = true;
      continue;
    }
    const { c, read } = outcome.value;
    around.sources.push(c);
    around.sides[side] = read;
    for (const m of read.messages) around.raw.set(String(m.ts), m);
    const cap = pageCapNote(read.messages.length, limits[side], read.hasMore);
    if (cap && !around.notes.includes(cap)) around.notes.push(cap);
  }
  return around;
}

/**
 * The thread to show: the one the link named; else, when the message is not in the channel's history (a
 * reply linked without its thread_ts, or no message at all), the thread around its ts; else its own
 * replies when it has some.
 */
async function findThread(
  where: Where,
  known: Promise<Outcome<ThreadRead>> | undefined,
  anchorMessage?: SlackObject,
) {
  const { target } = where;
  let outcome = known && (await known);
  if (!outcome && !anchorMessage) {
    outcome = await required(threadAt(where, target.ts)).catch((err: unknown) => {
      throw err instanceof Errors.SlackNotFound ? new Errors.SlackNotFound('message_not_found') : err;
    });
  } else if (!outcome && (num(anchorMessage?.reply_count) ?? 0) > 0) {
    outcome = await optional(threadAt(where, anchorOf(target)), 'Its thread was');
  }
  return outcome;
}

/** The message's channel neighbours and thread, in at most three Slack calls (none when cached). */
export async function fetchAround(where: Where): Promise<Around> {
  const { earlier, later, knownThread } = startReads(where);
  const around = gatherSides(await Promise.all([earlier, later]), where.params);
  const outcome = await findThread(where, knownThread, around.raw.get(anchorOf(where.target)));
  if (outcome && 'skipped' in outcome) {
    around.notes.push(outcome.skipped);
    around.partial = true;
  }
  if (outcome && 'value' in outcome) {
    around.threadRead = outcome.value;
    around.sources.push(outcome.value.fetched);
  }
  return around;
}
