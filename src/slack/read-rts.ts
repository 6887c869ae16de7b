import { Errors } from '../errors.js';
import type { ConciseContext } from '../schemas/slack.js';
import type { ReadNames } from './mrkdwn.js';
import { readMessageText } from './read-message.js';
import { filled, isObject, objects, type SlackObject, str } from './slack-values.js';
import { truncateText } from './truncate-text.js';

export interface RtsBodyRead {
  /** Each hit in search.messages' match shape, so one formatter serves both backends. */
  matches: SlackObject[];
  nextCursor?: string;
  /** Authors' names as Slack sent them, so no users.info call is needed for them. */
  authorNames: Map<string, string>;
}

const unreadable = (what: string) => new Errors.SlackUnreadableBody('assistant.search.context', what);

/** Where a context message lives, kept on the match shape for `readContext`. */
const CONTEXT = 'context_messages';

/**
 * An RTS hit as a search.messages match: `author_user_id` → `user`, `message_ts` → `ts`, `content` → `text`,
 * channel id and name → `channel` (a `D…` id is a DM, an `mpdm-…` name a group DM). RTS sends no `username`
 * handle, so none is made up.
 */
function asSearchMatch(m: SlackObject): SlackObject {
  const channelId = filled(m.channel_id) ?? '';
  const name = filled(m.channel_name);
  const channel: SlackObject = { id: channelId };
  if (channelId.startsWith('D')) channel.is_im = true;
  else if (name?.startsWith('mpdm-')) Object.assign(channel, { is_mpim: true, name });
  else if (name) channel.name = name;
  const match: SlackObject = {
    type: 'message',
    user: filled(m.author_user_id) ?? '',
    ts: filled(m.message_ts),
    text: str(m.content) ?? '',
    channel,
  };
  if (filled(m.permalink)) match.permalink = m.permalink;
  // An org-wide token's one search spans workspaces: each result names its own, as search.messages' `team` does.
  if (filled(m.team_id)) match.team = m.team_id;
  if (filled(m.thread_ts)) match.thread_ts = m.thread_ts;
  if (Array.isArray(m.blocks) && m.blocks.length > 0) match.blocks = m.blocks;
  if (isObject(m[CONTEXT])) match[CONTEXT] = m[CONTEXT];
  return match;
}

/** assistant.search.context read defensively: `results.messages` must be a list of objects with a ts. */
export function readRtsBody(body: SlackObject): RtsBodyRead {
  const results = body.results === undefined ? {} : body.results;
  if (!isObject(results)) throw unreadable('results is not an object');
  const list = results.messages ?? [];
  if (!Array.isArray(list) || !list.every(isObject))
    throw unreadable('results.messages is not a list of objects');
  const authorNames = new Map<string, string>();
  const matches = list.map((m) => {
    if (!filled(m.message_ts)) throw unreadable('a message has no message_ts');
    const id = filled(m.author_user_id);
    const name = filled(m.author_name);
    if (id && name) authorNames.set(id, name);
    return asSearchMatch(m);
  });
  const meta = isObject(body.response_metadata) ? body.response_metadata : {};
  return { matches, nextCursor: filled(meta.next_cursor), authorNames };
}

/** The messages around a match: RTS's `context_messages`, else search.messages' `previous_2`, `previous`, `next`, `next_2`. */
export function contextOf(match: SlackObject): { before: SlackObject[]; after: SlackObject[] } {
  const rts = match[CONTEXT];
  if (isObject(rts)) {
    const toMessage = (c: SlackObject): SlackObject => ({
      user: filled(c.user_id) ?? '',
      ts: c.ts,
      text: c.text,
    });
    return { before: objects(rts.before).map(toMessage), after: objects(rts.after).map(toMessage) };
  }
  const pick = (...keys: string[]) => keys.map((k) => match[k]).filter(isObject);
  return { before: pick('previous_2', 'previous'), after: pick('next', 'next_2') };
}

/** `context: {before, after}` for a concise match: each message's user, name, ts and text (no ts, no entry). */
export function conciseContext(match: SlackObject, names: ReadNames, maxTextChars?: number): ConciseContext {
  const concise = (c: SlackObject) => {
    const userId = filled(c.user) ?? null;
    return {
      user_id: userId,
      user_name: (userId && names.users?.get(userId)) || filled(c.username) || null,
      ts: filled(c.ts) ?? '',
      text: truncateText(readMessageText(c, names), maxTextChars),
    };
  };
  const { before, after } = contextOf(match);
  return {
    before: before.filter((c) => filled(c.ts)).map(concise),
    after: after.filter((c) => filled(c.ts)).map(concise),
  };
}

const QUESTION_WORD = /^\s*(what|what's|whats|where|when|who|whom|whose|why|which|how)\b/i;

/** Phrased as a question (Slack's rule for semantic search): a question word first, or a `?` last. */
export const isQuestion = (words: string | undefined): boolean =>
  Boolean(words && (QUESTION_WORD.test(words) || words.trim().endsWith('?')));
