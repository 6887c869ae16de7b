import type { WebClient } from '@slack/web-api';
import type { CachedFetch } from '../cache/cached-fetch.js';
import { LocalCoalescer } from '../cache/local-coalescer.js';
import type { Cached, CacheStore, Clock } from '../cache/types.js';
import type { RateGate } from '../rate-gates/rate-gate.js';
import { readAuthBody } from '../slack/read-slack-body.js';
import type { TeamEntry } from '../slack/read-teams-body.js';
import { displayNameOf } from '../slack/user-names.js';
import { type CallContext, callSlack } from './call-slack.js';
import type { ClientPool } from './client-pool.js';
import { cacheKey, tokenIdentity } from './keys.js';
import { isAuthError, isUpstreamFailure } from './map-slack-error.js';
import { threadTtlMs } from './thread-ttl.js';
import { onlyTeam, refuseWithoutTeam, teamIdArgs, workspacesOfToken } from './token-workspaces.js';
import type { SlackAccess, SlackBody, SlackIdentity, Workspace } from './types.js';
import { withDeadline } from './with-deadline.js';

/** A stale answer is chosen this long before the deadline, so it is sent before the 504 would be. */
const STALE_MARGIN_MS = 200;

export interface GatewayOptions {
  searchTtlMs: number;
  threadMinTtlMs: number;
  threadMaxTtlMs: number;
  authTtlMs: number;
  /** How long a user's name from users.info is reused, per workspace. */
  userTtlMs: number;
  staleGraceMs: number;
  deadlineMs: number;
  defaultRetryAfterS: number;
  /** Ceiling on any Slack Retry-After honoured or passed on. */
  maxRetryAfterS: number;
  /** Largest `limit` Slack accepts for conversations.replies and .history (15 for non-Marketplace apps). */
  maxRepliesLimit: number;
  /** How long a token's `ttl: 'list'` answers (files.info, users.info, usergroups) are reused (CACHE_CHANNELS_TTL_MS). */
  listTtlMs: number;
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

/** How long a request waits for users' names before answering with ids. */
const NAME_LOOKUP_MS = 2_000;

/** What the process knows about one Slack token: its hashed name, client and, for a short while, identity. */
interface TokenKeys {
  identity: string;
  authKey: string;
  /** The token's shape kept TOKEN_SHAPE_TTL_MS: its identity, and an org-wide token's workspaces. */
  shapeKey: string;
  teamsKey: string;
  client: () => Promise<WebClient>;
  /** The token's workspace once any lookup told it (a token never changes workspace), for rate gates. */
  teamId?: string;
  /** An org-wide token, once a lookup told it (a token never changes kind). */
  orgWide?: boolean;
  /** The memoised auth.test answer, reused without a cache read from `from` until `until`. */
  me?: { value: SlackIdentity; from: number; until: number };
  /** When Slack last rejected the token: a lookup begun before then must not memoise its answer. */
  rejectedAt?: number;
  /** Until when this process knows whether the token's person is a guest (their users.info is kept that long). */
  guestKnownUntil?: number;
}

const MAX_REMEMBERED_TOKENS = 1000;
/**
 * How long a page of a conversation not known to be public (private channel, DM, group DM) is reused: a
 * member removed from it, whose next read Slack refuses, reads the cached page no longer than this.
 */
export const ACCESS_RECHECK_MS = 60_000;
/**
 * How long one process reuses an identity without reading the shared memo again. Never past that memo's
 * freshness (CACHE_AUTH_TTL_MS), so a revoked token still gets 401 within it; short, so a revocation another
 * replica found (it deletes the shared memo) reaches this one within seconds.
 */
const IDENTITY_MEMO_MS = 5_000;
/**
 * How long a token's shape (its kind, workspace and organisation; an org-wide token's workspaces) is kept in the
 * shared cache after Slack last said it. A token never changes kind or workspace, so a search does not wait on
 * auth.test or auth.teams.list to know where to search: they run beside it and keep this up to date. Never
 * used to admit a read: each read still checks the token (auth.test, AUTH_CACHE_TTL_MS).
 */
export const TOKEN_SHAPE_TTL_MS = 7 * 24 * 3_600_000;
/** How long a request may reuse a live answer it already has (held in memory only, for that request). */
const LIVE_REUSE_MS = 2_000;
const MAX_HELD_LIVE = 1_000;
/** A read kept for the caller alone (a name they may see): ACCESS_RECHECK_MS, never served stale. */
const OWN_READ = { ttlMs: () => ACCESS_RECHECK_MS, graceMs: 0 };

/** The identity as an access reads it: in the workspace the access names, if it names one. */
const inWorkspace = (me: SlackIdentity, access: SlackAccess): SlackIdentity =>
  access.teamId && access.teamId !== me.teamId ? { ...me, teamId: access.teamId } : me;

/** Everything the service needs from Slack: cached, coalesced, rate-limited and bounded by the deadline. */
export class SlackGateway {
  /** One identity lookup per request: the service and each Slack call of that request share it. */
  readonly #lookups = new WeakMap<SlackAccess, Promise<Cached<SlackIdentity>>>();
  /** Whether each access (a request's) is a guest's, asked once for the names it looks up. */
  readonly #guests = new WeakMap<SlackAccess, Promise<boolean>>();
  /** Hashing is most of what a cached answer costs, so each token's keys are hashed once, not per request. */
  readonly #tokenKeys = new Map<string, TokenKeys>();
  /** Uncached calls in flight, so identical concurrent ones share one Slack call. */
  readonly #live = new LocalCoalescer();
  /** Live answers held LIVE_REUSE_MS for the request that asked them (keyed by call and deadline). */
  readonly #answered = new Map<string, { until: number; body: Promise<SlackBody> }>();

  constructor(private readonly deps: GatewayDeps) {}

  /**
   * Who the token is, and the workspace the access reads: an access with a `teamId` (an org-wide token's
   * chosen workspace) reads that one, so everything kept per workspace is kept per that one.
   */
  whoAmI(access: SlackAccess): Promise<SlackIdentity> {
    const memo = this.#memo(access);
    if (memo) return Promise.resolve(inWorkspace(memo, access));
    return this.#bounded(access, this.#lookUp(access)).then((c) => inWorkspace(c.value, access));
  }

  /** The token's identity when this process or the shared cache already holds it (no Slack call), else undefined. */
  async knownIdentity(access: SlackAccess): Promise<SlackIdentity | undefined> {
    const keys = this.#keysOf(access);
    const read = (key: string) =>
      this.deps.store.get<SlackIdentity>(key).then(
        (entry) => entry?.value,
        () => undefined,
      );
    const memo = this.#memo(access);
    const known = memo ?? (await read(keys.authKey)) ?? (await read(keys.shapeKey));
    return known && inWorkspace(known, access);
  }

  /**
   * The workspaces the access's token reads: a workspace token its own (auth.test); an org-wide token those
   * auth.teams.list names (paged, cached as lists), each with an access that reads it. While the token's
   * kind is not known yet, auth.teams.list is asked beside auth.test, not after it.
   */
  workspaces(access: SlackAccess): Promise<Workspace[]> {
    return workspacesOfToken(access, {
      known: () => this.knownIdentity({ ...access, teamId: undefined }),
      whoAmI: () => this.whoAmI({ ...access, teamId: undefined }),
      teamsPage: (cursor) =>
        this.cached(access, 'auth.teams.list', { limit: 1000, ...(cursor ? { cursor } : {}) }, 'list'),
      keptTeams: async () =>
        (await this.deps.store.get<TeamEntry[]>(this.#keysOf(access).teamsKey).catch(() => undefined))?.value,
      keepTeams: (teams) => this.#keepShape(this.#keysOf(access).teamsKey, teams),
    });
  }

  /**
   * The non-reversible name of the access's token, for cache keys of values derived from its answers: per
   * workspace for an access that names one (an org-wide token reads several).
   */
  identityOf(access: SlackAccess): string {
    const { identity } = this.#keysOf(access);
    return access.teamId ? `${identity}@${access.teamId}` : identity;
  }

  search(access: SlackAccess, args: Record<string, unknown>): Promise<Cached<SlackBody>> {
    return this.cached(access, 'search.messages', args, 'search');
  }

  /**
   * Any Slack read method, cached per token and arguments, coalesced, rate-gated and bounded by the
   * deadline: a new read calls a new Slack method through this, with no method of its own here. `ttl`:
   * that of searches (CACHE_SEARCH_TTL_MS), of lists (CACHE_CHANNELS_TTL_MS), or one from the body.
   */
  cached(
    access: SlackAccess,
    method: string,
    args: Record<string, unknown>,
    ttl: 'search' | 'list' | ((body: SlackBody) => number),
  ): Promise<Cached<SlackBody>> {
    const { searchTtlMs, listTtlMs } = this.deps.options;
    const ttlMs = ttl === 'search' ? () => searchTtlMs : ttl === 'list' ? () => listTtlMs : ttl;
    return this.#bounded(
      access,
      this.#call(access, method, args, { ttlMs, graceMs: this.deps.options.staleGraceMs }),
    );
  }

  /**
   * A read like `cached` with the lists' lifetime, kept that long only when `open(body)` says everyone in the
   * workspace may read what it answers (a file shared in a public channel); otherwise ACCESS_RECHECK_MS at most
   * and never served stale, as pages of private conversations are, so a member removed from a conversation
   * reads no more of it after that.
   */
  cachedUnlessPrivate(
    access: SlackAccess,
    method: string,
    args: Record<string, unknown>,
    open: (body: SlackBody) => boolean,
  ): Promise<Cached<SlackBody>> {
    const { listTtlMs, staleGraceMs } = this.deps.options;
    let isOpen = false;
    const policy = {
      ttlMs: (body: SlackBody) => {
        isOpen = open(body);
        return isOpen ? listTtlMs : Math.min(listTtlMs, ACCESS_RECHECK_MS);
      },
      get graceMs() {
        return isOpen ? staleGraceMs : 0;
      },
    };
    return this.#bounded(access, this.#call(access, method, args, policy));
  }

  /**
   * One Slack call whose answer is never stored (Slack forbids keeping Real-time Search results): no cache
   * read or write, only this process's in-flight sharing, so identical concurrent calls make one. `admit`
   * runs once per shared call before it (a per-user quota); the deadline and rate gate apply as usual.
   */
  live(
    access: SlackAccess,
    method: string,
    args: Record<string, unknown>,
    admit?: (me: SlackIdentity) => Promise<void>,
  ): Promise<SlackBody> {
    const keys = this.#keysOf(access);
    const sent = teamIdArgs(access, method, args);
    const call = async () => {
      // A live call is checked by Slack itself and never kept: the token's kept shape is enough to send it,
      // while the read's own auth.test (whoAmI) checks the token beside it.
      const me = await this.#shapeOrMe(access);
      if (me.orgWide) refuseWithoutTeam(access, method, me.teamId);
      await admit?.(me);
      const body = await callSlack<SlackBody>(keys.client(), method, sent, this.#context(access, me.teamId));
      return onlyTeam(access, method, body);
    };
    const key = cacheKey(method, this.identityOf(access), sent);
    // The same request asking again (an org-wide token's first search: as one workspace's, then across its
    // workspaces) reuses its answer for a moment, never another request's (one deadline is one request).
    const mine = `${key}@${access.deadline}`;
    const now = this.deps.clock();
    for (const [k, held] of this.#answered) {
      if (held.until > now && this.#answered.size < MAX_HELD_LIVE) break;
      this.#answered.delete(k);
    }
    const held = this.#answered.get(mine);
    if (held) return held.body;
    const body = this.#bounded(access, this.#live.run(key, call));
    this.#answered.set(mine, { until: Math.min(access.deadline, now + LIVE_REUSE_MS), body });
    body.catch(() => this.#answered.delete(mine));
    return body;
  }

  /**
   * A user's display name from users.info, memoised per workspace (keyed by team and user, never by
   * token) so each user is asked for at most once per CACHE_USER_TTL_MS; '' caches "no such user". A
   * guest's are asked with their own token (kept ACCESS_RECHECK_MS, never stale): Slack answers
   * `user_not_visible` for the people it hides from them, and they get no name for those.
   * Bounded by a short deadline of its own: a name is never worth holding the request.
   */
  async userName(access: SlackAccess, userId: string): Promise<string | undefined> {
    const read = (body: SlackBody) => displayNameOf(body.user);
    const bounded = this.#forName(access);
    const args = { user: userId };
    // While this process does not know whether the caller is a guest (a token's first request: auth.test,
    // then users.info of themselves), the caller's own read of the name starts beside that check instead of
    // after it: a cold search is two round trips, not three. A guest's name is that read; a member's
    // workspace-wide memo takes its answer when it lacks the name (no second call).
    const known = (this.#keysOf(access).guestKnownUntil ?? -Infinity) > this.deps.clock();
    const own = known ? undefined : this.#call(bounded, 'users.info', args, OWN_READ);
    own?.catch(() => {});
    if (await this.#guestOnce(access, bounded)) return this.#ownName(bounded, 'users.info', args, read);
    return this.#teamMemo(access, bounded, 'user', 'users.info', args, read, own);
  }

  /** The access a name lookup runs with: a short deadline of its own (a name never holds the request). */
  #forName(access: SlackAccess): SlackAccess {
    return { ...access, deadline: Math.min(access.deadline, Date.now() + NAME_LOOKUP_MS) };
  }

  /** isGuest asked once for all the names one access looks up (a request's, in parallel). */
  #guestOnce(access: SlackAccess, bounded: SlackAccess): Promise<boolean> {
    let guest = this.#guests.get(access);
    if (!guest) {
      guest = this.isGuest(bounded);
      this.#guests.set(access, guest);
    }
    return guest;
  }

  /**
   * Whether the token's person is a guest (single- or multi-channel), who sees only part of the workspace:
   * their directories and the names they read are their own. From users.info of themselves, kept as lists
   * are (CACHE_CHANNELS_TTL_MS); a lookup that fails counts as a guest.
   */
  async isGuest(access: SlackAccess): Promise<boolean> {
    try {
      // Who the token is (its user never changes): the kept shape, so the check need not wait on auth.test.
      const me = await this.#shapeOrMe(access);
      const { value, freshUntil } = await this.cached(access, 'users.info', { user: me.userId }, 'list');
      this.#keysOf(access).guestKnownUntil = freshUntil;
      const user = (value.user ?? {}) as Record<string, unknown>;
      return user.is_restricted === true || user.is_ultra_restricted === true;
    } catch {
      return true;
    }
  }

  /**
   * A conversation's name: `deploys`, or undefined for a DM. A public channel's from the workspace's memo of
   * conversations.info (as user names); a private channel's, and any a guest reads, only as this caller may see
   * it, asked with their own token (kept ACCESS_RECHECK_MS, never stale), so no one learns a name Slack would
   * not show them.
   */
  async channelName(access: SlackAccess, channel: string): Promise<string | undefined> {
    const bounded = this.#forName(access);
    // A guest sees only the channels they are in, public ones included: their names are asked as them.
    const guest = await this.#guestOnce(access, bounded);
    const info = guest ? 'private|' : await this.#channelInfo(access, bounded, channel);
    if (info?.startsWith('public|')) return info.slice('public|'.length) || undefined;
    if (!info?.startsWith('private|')) return undefined;
    return this.#ownName(bounded, 'conversations.info', { channel }, (body) => {
      const named = body.channel as Record<string, unknown> | undefined;
      if (named?.is_im === true || named?.is_mpim === true) return undefined;
      return typeof named?.name === 'string' && named.name ? named.name : undefined;
    });
  }

  /**
   * A conversation's kind, from the same workspace memo of conversations.info as its name (no Slack call once
   * known); undefined when Slack would not say (a conversation the caller cannot see).
   */
  async conversationKind(
    access: SlackAccess,
    channel: string,
  ): Promise<'public' | 'private' | 'mpim' | 'im' | undefined> {
    if (channel.startsWith('D')) return 'im';
    const info = await this.#channelInfo(access, this.#forName(access), channel);
    if (info === 'dm|') return 'mpim';
    if (info?.startsWith('private|')) return 'private';
    return info?.startsWith('public|') ? 'public' : undefined;
  }

  /** A name as this caller may see it, asked with their own token (kept ACCESS_RECHECK_MS, never stale). */
  async #ownName(
    access: SlackAccess,
    method: string,
    args: Record<string, string>,
    read: (body: SlackBody) => string | undefined,
  ): Promise<string | undefined> {
    const body = await this.#bounded(access, this.#call(access, method, args, OWN_READ)).catch(
      () => undefined,
    );
    return body ? read(body.value) : undefined;
  }

  /**
   * Whether everyone in the workspace may read the conversation (a public channel): only then may its
   * pages be kept past ACCESS_RECHECK_MS. DMs (`D…`) and legacy private channels (`G…`) are not; a `C…`
   * id is asked (conversations.info, memoised per workspace); a failed lookup counts as not public.
   */
  async #isPublic(access: SlackAccess, channel: unknown): Promise<boolean> {
    if (typeof channel !== 'string' || !channel.startsWith('C')) return false;
    return (await this.conversationKind(access, channel).catch(() => undefined)) === 'public';
  }

  /**
   * `public|deploys`, `private|`, `dm|`: one conversations.info answer, shared by the name and the kind. A
   * private channel's name is not kept here: the memo is the whole workspace's.
   */
  #channelInfo(access: SlackAccess, bounded: SlackAccess, channel: string): Promise<string | undefined> {
    return this.#teamMemo(access, bounded, 'channel-info', 'conversations.info', { channel }, (body) => {
      const info = body.channel as Record<string, unknown> | undefined;
      if (!info) return undefined;
      if (info.is_im === true || info.is_mpim === true) return 'dm|';
      const name = typeof info.name === 'string' ? info.name : '';
      return info.is_private === true ? 'private|' : `public|${name}`;
    });
  }

  /** A workspace-wide memo of one name lookup, bounded by `bounded` (the access `#forName` gives). */
  #teamMemo(
    access: SlackAccess,
    bounded: SlackAccess,
    kind: string,
    method: string,
    args: Record<string, string>,
    read: (body: SlackBody) => string | undefined,
    /** The caller's own read of the same method and arguments, already asked: the memo's load takes its answer. */
    own?: Promise<Cached<SlackBody>>,
  ): Promise<string | undefined> {
    return this.#bounded(bounded, this.#teamLookup(access, bounded.deadline, kind, method, args, read, own));
  }

  async #teamLookup(
    access: SlackAccess,
    deadline: number,
    kind: string,
    method: string,
    args: Record<string, string>,
    read: (body: SlackBody) => string | undefined,
    own?: Promise<Cached<SlackBody>>,
  ): Promise<string | undefined> {
    const { client } = this.#keysOf(access);
    const { teamId, orgWide } = await this.#me(access);
    // An org-wide token reading no one workspace answers for every workspace it reads: its names are its own.
    const scope = orgWide && !access.teamId ? this.identityOf(access) : `team:${teamId}`;
    try {
      const { value } = await this.deps.cachedFetch(cacheKey(kind, scope, args), {
        ttlMs: () => this.deps.options.userTtlMs,
        graceMs: this.deps.options.staleGraceMs,
        staleOn: isUpstreamFailure,
        load: async () => {
          if (own) return read((await own).value) ?? '';
          const context = { ...this.#context(access, teamId), deadline };
          return read(await callSlack<SlackBody>(client(), method, args, context)) ?? '';
        },
      });
      return value || undefined;
    } catch (err) {
      // Only Slack's answers are shared team-wide: what it refused this token (a private channel the
      // caller is not in) is unnamed for this request and asked again next time, for anyone.
      if (isUpstreamFailure(err) || isAuthError(err)) throw err;
      return undefined;
    }
  }

  replies(access: SlackAccess, args: Record<string, unknown>): Promise<Cached<SlackBody>> {
    return this.#conversation(access, 'conversations.replies', args);
  }

  /** conversations.history, limited and cached like a thread (a quiet channel's page lives longer). */
  history(access: SlackAccess, args: Record<string, unknown>): Promise<Cached<SlackBody>> {
    return this.#conversation(access, 'conversations.history', args);
  }

  #conversation(
    access: SlackAccess,
    method: string,
    args: Record<string, unknown>,
  ): Promise<Cached<SlackBody>> {
    const { threadMinTtlMs, threadMaxTtlMs, maxRepliesLimit, staleGraceMs } = this.deps.options;
    const limit = Math.min(Number(args.limit ?? maxRepliesLimit), maxRepliesLimit);
    // Asked beside the page: a page of a conversation not known to be public is kept ACCESS_RECHECK_MS
    // at most and never served stale, so a member removed from it reads it no longer than that.
    let open = false;
    const known = () =>
      this.#isPublic(access, args.channel).then((isPublic) => {
        open = isPublic;
      });
    const policy = {
      ttlMs: (body: SlackBody) => {
        const ttl = threadTtlMs(body, this.deps.clock(), threadMinTtlMs, threadMaxTtlMs);
        return open ? ttl : Math.min(ttl, ACCESS_RECHECK_MS);
      },
      get graceMs() {
        return open ? staleGraceMs : 0;
      },
    };
    return this.#bounded(access, this.#call(access, method, { ...args, limit }, policy, known));
  }

  #bounded<T>(access: SlackAccess, work: Promise<T>): Promise<T> {
    return withDeadline(work, access.deadline, this.deps.options.deadlineMs);
  }

  #context(access: SlackAccess, scope: string): CallContext {
    const { gate, clock, onCall, options } = this.deps;
    const { person, onSlackCall } = access;
    return {
      gate,
      scope,
      clock,
      onCall: onSlackCall
        ? (method, outcome) => {
            onCall?.(method, outcome);
            onSlackCall();
          }
        : onCall,
      deadline: access.deadline,
      callerToken: access.fromCaller,
      defaultRetryAfterS: options.defaultRetryAfterS,
      maxRetryAfterS: options.maxRetryAfterS,
      ...(person && {
        person: {
          renew: async () => {
            const fresh = await person.renew(access.token);
            return fresh === undefined ? undefined : this.#keysOf({ ...access, token: fresh }).client();
          },
          rejected: person.rejected,
        },
      }),
    };
  }

  #keysOf(access: SlackAccess): TokenKeys {
    const { token } = access;
    let keys = this.#tokenKeys.get(token);
    if (!keys) {
      const { keySecret } = this.deps.options;
      // A signed-in person's answers are cached under their sign-in, not the token (rotation keeps them);
      // the SDK client is per token, always.
      const identity = access.person?.identity ?? tokenIdentity(token, keySecret);
      const clientKey = access.person ? tokenIdentity(token, keySecret) : identity;
      keys = {
        identity,
        authKey: cacheKey('auth', identity),
        shapeKey: cacheKey('shape', identity),
        teamsKey: cacheKey('teams', identity),
        client: () => this.deps.pool.get(clientKey, token),
      };
      this.#tokenKeys.set(token, keys);
      if (this.#tokenKeys.size > MAX_REMEMBERED_TOKENS) {
        this.#tokenKeys.delete(this.#tokenKeys.keys().next().value as string);
      }
    }
    return keys;
  }

  /** The identity of the access's token (in the access's workspace): the process memo, else this request's lookup. */
  async #me(access: SlackAccess): Promise<SlackIdentity> {
    return inWorkspace(this.#memo(access) ?? (await this.#lookUp(access)).value, access);
  }

  /** Keeps part of a token's shape in the shared cache for TOKEN_SHAPE_TTL_MS (best effort: a read never waits). */
  #keepShape(key: string, value: unknown): void {
    const now = this.deps.clock();
    const until = now + TOKEN_SHAPE_TTL_MS;
    this.deps.store.set(key, { value, storedAt: now, freshUntil: until, staleUntil: until }).catch(() => {});
  }

  /**
   * The token's identity for what Slack checks itself and what never changes for a token (its user, workspace,
   * kind): the process memo, else its kept shape, else this request's auth.test. Never what admits a read.
   */
  async #shapeOrMe(access: SlackAccess): Promise<SlackIdentity> {
    return (await this.knownIdentity(access)) ?? (await this.#me(access));
  }

  /** The process memo of the token's identity while it lasts (a clock set back ends it too). */
  #memo(access: SlackAccess): SlackIdentity | undefined {
    const memo = this.#keysOf(access).me;
    if (!memo) return undefined;
    const now = this.deps.clock();
    return memo.from <= now && now < memo.until ? memo.value : undefined;
  }

  #lookUp(access: SlackAccess): Promise<Cached<SlackIdentity>> {
    let lookup = this.#lookups.get(access);
    if (!lookup) {
      lookup = this.#lookUpIdentity(access, this.#keysOf(access));
      this.#lookups.set(access, lookup);
    }
    return lookup;
  }

  #lookUpIdentity(access: SlackAccess, keys: TokenKeys): Promise<Cached<SlackIdentity>> {
    const { identity, authKey, client } = keys;
    const { authTtlMs, staleGraceMs } = this.deps.options;
    const started = this.deps.clock();
    const lookup = this.deps.cachedFetch(authKey, {
      ttlMs: () => authTtlMs,
      graceMs: staleGraceMs,
      staleOn: isUpstreamFailure,
      load: async () => {
        const body = await callSlack<SlackBody>(
          client(),
          'auth.test',
          {},
          {
            ...this.#context(access, `token:${identity}`),
            keepSdkMetadata: true,
          },
        );
        return readAuthBody(body);
      },
    });
    lookup.then(
      (c) => {
        // A stale identity (Slack down) is served for this request only, never memoised.
        keys.teamId = c.value.teamId;
        keys.orgWide = c.value.orgWide === true;
        if (c.status === 'STALE' || (keys.rejectedAt ?? -Infinity) >= started) return;
        if (c.status === 'MISS') this.#keepShape(keys.shapeKey, c.value);
        const from = this.deps.clock();
        keys.me = {
          value: c.value,
          from,
          until: Math.min(c.freshUntil, from + Math.min(IDENTITY_MEMO_MS, authTtlMs)),
        };
      },
      () => {},
    );
    return lookup;
  }

  async #call(
    access: SlackAccess,
    method: string,
    args: Record<string, unknown>,
    policy: { ttlMs: (body: SlackBody) => number; graceMs: number },
    alongside?: () => Promise<void>,
  ): Promise<Cached<SlackBody>> {
    const keys = this.#keysOf(access);
    if (keys.orgWide) refuseWithoutTeam(access, method, keys.teamId);
    // The rate gate's scope is the workspace: this process's memo of it, else the shared auth.test memo (one
    // cache read, no Slack call; a token never changes workspace, so a stale entry still names it), so a
    // replica's first call for a token keeps to a block another replica met. Only a token no replica has
    // seen has none yet: its first call is not held back for auth.test (which runs beside it) and is paced
    // under the token's own scope.
    keys.teamId ??= (
      await this.deps.store.get<SlackIdentity>(keys.authKey).catch(() => undefined)
    )?.value?.teamId;
    // An org-wide token's access names the workspace it reads: its limits are that workspace's.
    const scope = access.teamId ?? keys.teamId ?? `token:${keys.identity}`;
    const workspace = access.teamId || keys.teamId ? undefined : this.#me(access).then((me) => me.teamId);
    workspace?.catch(() => {});
    const sent = teamIdArgs(access, method, args);
    const load = () =>
      callSlack<SlackBody>(keys.client(), method, sent, { ...this.#context(access, scope), workspace });
    try {
      // Nothing is answered before the token is known to be good (auth.test, memoised).
      const [answer] = await Promise.all([
        this.deps.cachedFetch(cacheKey(method, keys.identity, sent), {
          ttlMs: (body) => policy.ttlMs(body),
          get graceMs() {
            return policy.graceMs;
          },
          staleOn: isUpstreamFailure,
          staleAt: access.deadline - STALE_MARGIN_MS,
          load: alongside ? async () => (await Promise.all([load(), alongside()]))[0] : load,
        }),
        this.#me(access),
      ]);
      return answer;
    } catch (err) {
      // A revoked token must not keep a memoised identity until the next re-validation.
      if (isAuthError(err)) {
        keys.me = undefined;
        keys.rejectedAt = this.deps.clock();
        await this.deps.store.delete(keys.authKey);
      }
      throw err;
    }
  }
}
