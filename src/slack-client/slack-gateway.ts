import type { CachedFetch } from '../cache/cached-fetch.js';
import type { Cached, CacheStore, Clock } from '../cache/types.js';
import type { RateGate } from '../rate-gates/rate-gate.js';
import { type CallContext, callSlack } from './call-slack.js';
import type { ClientPool } from './client-pool.js';
import { cacheKey, tokenIdentity } from './keys.js';
import { isAuthError, isUpstreamFailure } from './map-slack-error.js';
import { threadTtlMs } from './thread-ttl.js';
import type { SlackAccess, SlackBody, SlackIdentity } from './types.js';
import { withDeadline } from './with-deadline.js';

/** A stale answer is chosen this long before the deadline, so it is sent before the 504 would be. */
const STALE_MARGIN_MS = 200;

export interface GatewayOptions {
  searchTtlMs: number;
  threadMinTtlMs: number;
  threadMaxTtlMs: number;
  authTtlMs: number;
  staleGraceMs: number;
  deadlineMs: number;
  defaultRetryAfterS: number;
  /** Largest `limit` Slack accepts for conversations.replies (15 for non-Marketplace apps). */
  maxRepliesLimit: number;
  /** Secret of the keyed hash that names a token in cache keys (KEY_HASH_SECRET). */
  keySecret: string;
}

export interface GatewayDeps {
  pool: ClientPool;
  cachedFetch: CachedFetch;
  store: CacheStore;
  gate: RateGate;
  clock: Clock;
  options: GatewayOptions;
  onCall?: CallContext['onCall'];
}

/** Everything the routes need from Slack: cached, coalesced, rate-limited and bounded by the deadline. */
export class SlackGateway {
  /** One identity lookup per request: the route and each Slack call of that request share it. */
  readonly #identities = new WeakMap<SlackAccess, Promise<Cached<SlackIdentity>>>();

  constructor(private readonly deps: GatewayDeps) {}

  whoAmI(access: SlackAccess): Promise<SlackIdentity> {
    return this.#bounded(access, this.#whoAmI(access)).then((c) => c.value);
  }

  search(access: SlackAccess, args: Record<string, unknown>): Promise<Cached<SlackBody>> {
    return this.#bounded(
      access,
      this.#call(access, 'search.messages', args, () => this.deps.options.searchTtlMs),
    );
  }

  replies(access: SlackAccess, args: Record<string, unknown>): Promise<Cached<SlackBody>> {
    const { threadMinTtlMs, threadMaxTtlMs, maxRepliesLimit } = this.deps.options;
    const limit = Math.min(Number(args.limit ?? maxRepliesLimit), maxRepliesLimit);
    return this.#bounded(
      access,
      this.#call(access, 'conversations.replies', { ...args, limit }, (body) =>
        threadTtlMs(body, this.deps.clock(), threadMinTtlMs, threadMaxTtlMs),
      ),
    );
  }

  #bounded<T>(access: SlackAccess, work: Promise<T>): Promise<T> {
    return withDeadline(work, access.deadline, this.deps.options.deadlineMs);
  }

  #context(access: SlackAccess, scope: string): CallContext {
    const { gate, clock, onCall, options } = this.deps;
    return {
      gate,
      scope,
      clock,
      onCall,
      deadline: access.deadline,
      callerToken: access.fromCaller,
      defaultRetryAfterS: options.defaultRetryAfterS,
    };
  }

  #whoAmI(access: SlackAccess): Promise<Cached<SlackIdentity>> {
    let lookup = this.#identities.get(access);
    if (!lookup) {
      lookup = this.#lookUpIdentity(access);
      this.#identities.set(access, lookup);
    }
    return lookup;
  }

  async #lookUpIdentity(access: SlackAccess): Promise<Cached<SlackIdentity>> {
    const identity = tokenIdentity(access.token, this.deps.options.keySecret);
    const client = this.deps.pool.get(identity, access.token);
    return this.deps.cachedFetch(cacheKey('auth', identity), {
      ttlMs: () => this.deps.options.authTtlMs,
      graceMs: this.deps.options.staleGraceMs,
      staleOn: isUpstreamFailure,
      load: async () => {
        const body = await callSlack<SlackBody>(
          client,
          'auth.test',
          {},
          this.#context(access, `token:${identity}`),
        );
        return { userId: String(body.user_id), teamId: String(body.team_id), url: String(body.url ?? '') };
      },
    });
  }

  async #call(
    access: SlackAccess,
    method: string,
    args: Record<string, unknown>,
    ttlMs: (body: SlackBody) => number,
  ): Promise<Cached<SlackBody>> {
    const me = (await this.#whoAmI(access)).value;
    const identity = tokenIdentity(access.token, this.deps.options.keySecret);
    const client = this.deps.pool.get(identity, access.token);
    try {
      return await this.deps.cachedFetch(cacheKey(method, identity, args), {
        ttlMs,
        graceMs: this.deps.options.staleGraceMs,
        staleOn: isUpstreamFailure,
        staleAt: access.deadline - STALE_MARGIN_MS,
        load: () => callSlack<SlackBody>(client, method, args, this.#context(access, me.teamId)),
      });
    } catch (err) {
      // A revoked token must not keep a memoised identity for a day.
      if (isAuthError(err)) await this.deps.store.delete(cacheKey('auth', identity));
      throw err;
    }
  }
}
