import { Errors } from '../errors.js';
import type { FindCursor } from '../slack/find-cursor.js';
import { decodeFindCursor } from '../slack/find-cursor.js';
import { slackCodeOf } from '../slack-client/map-slack-error.js';
import { RTS_CHANNEL_SCOPES, RTS_NOT_THERE, RTS_SEARCH, type RtsSearchBody } from '../slack-client/rts.js';
import type { SlackAccess, SlackIdentity } from '../slack-client/types.js';
import { clock, configuration, slackGateway } from './common-services.js';
import { RtsQuotaSpent, rtsQuota, rtsQuotaError } from './rts-quota.js';
import type { ServicesOf } from './services.js';
import type { Wording } from './wording.js';

/** What the file, channel and people reads work with (each adds its own). */
export const findServices = { slack: slackGateway, rtsQuota, config: configuration, clock };
export type FindDeps = ServicesOf<typeof findServices>;

/**
 * What a find read searches on Real-time Search: its `content_types` and the user scope Slack asks for it
 * (`files`: search:read.files; `channels`: search:read.public; `users`: search:read.users).
 */
export interface RtsContent {
  type: string;
  scope: string;
}

export type FindBackendName = 'rts' | 'legacy';

/** How long auto leaves Real-time Search alone for a token it refused (not there for it). */
const RTS_OFF_MS = 10 * 60_000;
const switchedOff = new Map<string, number>();

/** The caller's cursor, or a 400 naming the parameter when it is not one of ours. */
function readCursor(raw: string | undefined, wording: Wording, what: string): FindCursor | undefined {
  if (raw === undefined) return undefined;
  const cursor = decodeFindCursor(raw);
  if (!cursor)
    throw new Errors.BadRequest(
      `${wording.param('cursor')} was not issued by a ${what} search: pass next_cursor from the previous page as it is`,
    );
  return cursor;
}

/** Channel types the token's scopes let a real-time search look in (public only when it did not say). */
function rtsChannelTypes(me: SlackIdentity): string {
  const types = (['public_channel', 'private_channel'] as const).filter((t) =>
    me.scopes?.includes(RTS_CHANNEL_SCOPES[t]),
  );
  return (types.length > 0 ? types : ['public_channel']).join(',');
}

/**
 * Runs a find read on the backend that should answer it: a cursor's own backend; else RTS when configured,
 * or in auto when the token has the content's RTS scope. In auto, a fresh search RTS cannot answer (quota
 * spent, not there for this token) is answered by the legacy backend, with a note saying why.
 */
async function onBackend<T>(
  deps: FindDeps,
  access: SlackAccess,
  me: SlackIdentity,
  content: RtsContent,
  cursor: FindCursor | undefined,
  wording: Wording,
  run: { rts: () => Promise<T>; legacy: (note?: string) => Promise<T> },
): Promise<T> {
  const id = deps.slack.identityOf(access);
  const kind = deps.config.SLACK_SEARCH_BACKEND;
  const off = switchedOff.get(id);
  if (off !== undefined && off <= deps.clock()) switchedOff.delete(id);
  const scoped = me.scopes?.includes(content.scope) ?? false;
  const useRts = cursor
    ? cursor.kind === 'rts'
    : kind === 'rts' || (kind === 'auto' && scoped && !switchedOff.has(id));
  // SLACK_SEARCH_BACKEND holds for every cursor too: one made by hand, or by a replica set otherwise, is refused.
  if (cursor && kind !== 'auto' && useRts !== (kind === 'rts'))
    throw new Errors.BadRequest(
      `${wording.param('cursor')} was issued by ${useRts ? "Slack's real-time search" : 'the legacy search'}, which this service does not use (SLACK_SEARCH_BACKEND=${kind}): search again without it`,
    );
  if (!useRts) return run.legacy();
  try {
    return await run.rts();
  } catch (err: unknown) {
    const fallback = kind === 'auto' && !cursor;
    if (err instanceof RtsQuotaSpent) {
      if (!fallback) throw rtsQuotaError(err);
      return run.legacy(`${err.message} and this user's are spent: the legacy backend answered.`);
    }
    const code = slackCodeOf(err);
    if (!fallback || !code || !RTS_NOT_THERE.has(code)) throw err;
    switchedOff.set(id, deps.clock() + RTS_OFF_MS);
    if (switchedOff.size > 10_000) switchedOff.delete(switchedOff.keys().next().value as string);
    return run.legacy();
  }
}

/** One real-time search page for `content_types=<content>`: never stored; counted against the user's quota. */
export function rtsSearch(
  deps: FindDeps,
  access: SlackAccess,
  me: SlackIdentity,
  content: RtsContent,
  args: Record<string, unknown>,
): Promise<RtsSearchBody> {
  const admit = async (who: SlackIdentity) => {
    const waitMs = await deps.rtsQuota.take(`${who.teamId}:${who.userId}`);
    if (waitMs > 0) throw new RtsQuotaSpent(Math.ceil(waitMs / 1000));
  };
  const body = { content_types: content.type, channel_types: rtsChannelTypes(me), ...args };
  return deps.slack.live(access, RTS_SEARCH, body, admit) as Promise<RtsSearchBody>;
}

type RtsCursor = Extract<FindCursor, { kind: 'rts' }>;

/**
 * A find read from its caller's cursor (a 400 when it is not one of ours) to the answer: who the caller is,
 * then `onBackend`, handing the rts side its cursor and the legacy side any other.
 */
export async function runFind<T>(
  deps: FindDeps,
  access: SlackAccess,
  raw: { cursor: string | undefined; wording: Wording; what: string },
  content: RtsContent,
  run: {
    rts: (me: SlackIdentity, cursor: RtsCursor | undefined) => Promise<T>;
    legacy: (me: SlackIdentity, cursor: FindCursor | undefined, note?: string) => Promise<T>;
  },
): Promise<T> {
  const cursor = readCursor(raw.cursor, raw.wording, raw.what);
  const me = await deps.slack.whoAmI(access);
  return onBackend(deps, access, me, content, cursor, raw.wording, {
    rts: () => run.rts(me, cursor?.kind === 'rts' ? cursor : undefined),
    legacy: (note) => run.legacy(me, cursor, note),
  });
}
