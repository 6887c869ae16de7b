import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../cache/types.js';
import { decodeSearchCursor } from '../../slack/search-cursor.js';
import { slackCodeOf } from '../../slack-client/map-slack-error.js';
import { RTS_NOT_THERE } from '../../slack-client/rts.js';
import type { SlackGateway } from '../../slack-client/slack-gateway.js';
import type { SlackAccess, SlackIdentity } from '../../slack-client/types.js';
import { RtsQuotaSpent, rtsQuota, rtsQuotaError } from '../rts-quota.js';
import { defineService } from '../services.js';
import { fetchMatches } from './fetch-search.js';
import { createRtsSearch, type RtsSearchDeps } from './rts-search.js';
import type { BackendName, SearchBackend, SearchOutcome } from './search-backend.js';

export type SearchBackendKind = 'auto' | 'rts' | 'legacy';

export interface SearchBackendDeps extends RtsSearchDeps {
  slack: SlackGateway;
  clock: Clock;
  /** In auto, how long a token RTS refused searches with search.messages (SLACK_RTS_FALLBACK_MS). */
  fallbackMs: number;
  log?: FastifyBaseLogger;
}

const legacy = (d: SearchBackendDeps): SearchBackend => ({
  fixed: 'search.messages',
  prefers: () => 'search.messages',
  fetch: async (access, me, params, wording) => ({
    ...(await fetchMatches(d.slack, access, me, params, wording)),
    backend: 'search.messages',
    semantic: false,
    live: false,
  }),
});

const rts = (d: SearchBackendDeps): SearchBackend => {
  const search = createRtsSearch(d);
  return {
    fixed: 'rts',
    prefers: () => 'rts',
    fetch: async (access, me, params, wording) =>
      search(access, await me, params, wording).catch((err) => {
        throw err instanceof RtsQuotaSpent ? rtsQuotaError(err) : err;
      }),
  };
};

/** The backend that wrote a cursor of ours; undefined for none, or for one that is Slack's own. */
const issuedBy = (cursor: string | undefined): BackendName | undefined => {
  const ours = cursor ? decodeSearchCursor(cursor) : undefined;
  if (!ours) return undefined;
  return ours.kind === 'rts' || ours.kind === 'rtsToMe' ? 'rts' : 'search.messages';
};

/**
 * RTS when the token's scopes (auth.test) include search:read.public, else search.messages. An RTS answer
 * saying this token cannot use it switches the token to search.messages for `fallbackMs`, logged once;
 * a spent per-user quota is answered by search.messages too, saying so. to_me=true and dm need a DM scope
 * as well (search:read.im or search:read.mpim); without one they stay on search.messages. A cursor of ours
 * goes back to the backend that issued it, whatever the token would use now: a next page from the other one
 * would be another search. When that backend is RTS and the user's quota is spent, the answer is 429 with
 * Retry-After.
 */
const auto = (d: SearchBackendDeps): SearchBackend => {
  const viaRts = createRtsSearch(d);
  const viaLegacy = legacy(d);
  const switchedUntil = new Map<string, number>();
  const key = (access: SlackAccess) => d.slack.identityOf(access);
  const prefers: SearchBackend['prefers'] = (access, me: SlackIdentity, params) => {
    const issuer = issuedBy(params.cursor);
    if (issuer) return issuer;
    const until = switchedUntil.get(key(access));
    if (until !== undefined && until <= d.clock()) switchedUntil.delete(key(access));
    const scopes = me.scopes ?? [];
    const noDms = params.to_me !== 'true' && params.to_me !== 'dm';
    const rtsScope =
      scopes.includes('search:read.public') &&
      (noDms || scopes.includes('search:read.im') || scopes.includes('search:read.mpim'));
    return rtsScope && !switchedUntil.has(key(access)) ? 'rts' : 'search.messages';
  };
  return {
    prefers,
    async fetch(access, identity, params, wording): Promise<SearchOutcome> {
      const me = await identity;
      if (prefers(access, me, params) === 'search.messages')
        return viaLegacy.fetch(access, identity, params, wording);
      try {
        return await viaRts(access, me, params, wording);
      } catch (err) {
        const code = slackCodeOf(err);
        const rtsCursor = issuedBy(params.cursor) === 'rts';
        if (err instanceof RtsQuotaSpent) {
          if (rtsCursor || (me.scopes && !me.scopes.includes('search:read'))) throw rtsQuotaError(err);
          const found = await viaLegacy.fetch(access, identity, params, wording);
          const note = `${err.message} and this user's are spent: search.messages answered (keywords); real-time search again in ${err.retryAfterS} s.`;
          return { ...found, notes: [note, ...found.notes] };
        }
        if (!code || !RTS_NOT_THERE.has(code)) throw err;
        if (!switchedUntil.has(key(access))) {
          d.log?.warn(
            { slackError: code, fallbackMs: d.fallbackMs },
            'real-time search is not available to this Slack token: using search.messages for it',
          );
        }
        switchedUntil.set(key(access), d.clock() + d.fallbackMs);
        if (switchedUntil.size > 10_000) switchedUntil.delete(switchedUntil.keys().next().value as string);
        if (rtsCursor) throw err;
        return viaLegacy.fetch(access, identity, params, wording);
      }
    },
  };
};

const BACKENDS = { auto, rts, legacy } satisfies Record<
  SearchBackendKind,
  (d: SearchBackendDeps) => SearchBackend
>;

/** The search backend SLACK_SEARCH_BACKEND names; a new one is a file and an entry above. */
export function createSearchBackend(kind: SearchBackendKind, deps: SearchBackendDeps): SearchBackend {
  return BACKENDS[kind](deps);
}

/** The search read's backend (SLACK_SEARCH_BACKEND), with the per-user Real-time Search quota it shares. */
export const searchBackend = defineService({
  name: 'search-backend',
  needs: { rtsQuota },
  create: ({ config, slack, clock, log }, { rtsQuota: quota }) =>
    createSearchBackend(config.SLACK_SEARCH_BACKEND, {
      slack,
      quota,
      clock,
      defaultRetryAfterS: config.SLACK_DEFAULT_RETRY_AFTER_S,
      fallbackMs: config.SLACK_RTS_FALLBACK_MS,
      log: log.child({ component: 'slack-search' }),
    }),
});
