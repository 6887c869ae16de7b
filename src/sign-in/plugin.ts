import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock.js';
import { Errors, withRetryAfter } from '../errors.js';
import type { RedisClient } from '../redis/redis-client.js';
import type { SlackAccess } from '../slack-client/types.js';
import type { SafeFetchOptions } from './oauth/safe-fetch.js';
import { MemoryRecordStore, type RecordStore, RedisRecordStore } from './record-store.js';
import { OAuthErrorBody } from './routes/responses.js';
import { signInSettings } from './settings.js';
import { SignIn } from './sign-in.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign in with Slack, or null when it is not configured (its routes then answer 404). */
    signIn: SignIn | null;
  }
}

export interface SignInPluginOptions {
  clock: Clock;
  /** Network policy of client metadata document fetches (tests serve documents on loopback). */
  documentFetch?: Partial<SafeFetchOptions>;
  /** Hears each Slack token refresh by outcome. */
  onRefresh?: (outcome: string) => void;
}

/** A failing shared store is a 503 naming it, never a 500 and never a silent fallback to memory. */
function answering503(store: RecordStore): RecordStore {
  return new Proxy(store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        (value.apply(target, args) as Promise<unknown>).catch(() => {
          throw withRetryAfter(new Errors.SignInStoreUnavailable(), 5);
        });
    },
  });
}

/**
 * Refuses to start when the Redis that holds sign-in records may evict them (any maxmemory-policy but
 * noeviction): a flood, or the answer cache, would then sign people out. A Redis that cannot tell (down, or
 * CONFIG disabled) is let through with a warning.
 */
async function refuseEviction(redis: RedisClient, own: boolean, log: FastifyInstance['log']) {
  let policy: string | undefined;
  try {
    const answer = (await redis.config('GET', 'maxmemory-policy')) as unknown as string[];
    policy = answer[1];
  } catch {
    log.warn(
      'Sign in with Slack cannot read the maxmemory-policy of its Redis: make sure it is noeviction, or people’s records may be evicted',
    );
    return;
  }
  if (policy === undefined || policy === 'noeviction') return;
  const which = own ? 'SIGN_IN_REDIS_URL' : 'REDIS_URL';
  throw new Error(
    `Invalid setup: sign-in keeps people's records, grants and client registrations in the Redis of ${which}, whose maxmemory-policy is ${policy}: under memory pressure it would evict them and sign people out. Set maxmemory-policy noeviction on it${own ? '' : ', or give sign-in a Redis of its own with SIGN_IN_REDIS_URL (the cache may keep allkeys-lru)'} (docs/operations.md)`,
  );
}

async function signIn(app: FastifyInstance, opts: SignInPluginOptions) {
  const { config } = app;
  app.addSchema(OAuthErrorBody);
  const settings = signInSettings(config);
  if (!settings) {
    app.decorate('signIn', null);
    return;
  }
  // People's records, grants and registrations must never be evicted: a Redis of their own when set.
  // ioredis is loaded only when there is a Redis to talk to (start-up).
  const clients = config.SIGN_IN_REDIS_URL ? await import('../redis/redis-client.js') : undefined;
  const own =
    clients && config.SIGN_IN_REDIS_URL ? clients.createRedisClient(config.SIGN_IN_REDIS_URL) : undefined;
  const redis = own ?? app.redis?.client;
  if (own && clients) {
    app.addHook('onReady', async () => {
      await own.connect().catch(() => {});
    });
    app.addHook('onClose', async () => clients.closeRedisClient(own));
  }
  if (redis) app.addHook('onReady', async () => refuseEviction(redis, !!own, app.log));
  const store = answering503(redis ? new RedisRecordStore(redis) : new MemoryRecordStore(opts.clock));
  // A signed-in person's token as the sign-in's own lookups use it: a short deadline, no renewal.
  const personAccess = (token: string, identity: string): SlackAccess => ({
    token,
    fromCaller: true,
    deadline: opts.clock() + 2000,
    person: { identity, renew: async () => undefined, rejected: async () => {} },
  });
  const service = new SignIn({
    settings,
    store,
    keySecret: config.KEY_HASH_SECRET,
    clock: opts.clock,
    log: app.log.child({ component: 'sign-in' }),
    slackApiUrl: config.SLACK_API_URL,
    timeoutMs: config.REQUEST_DEADLINE_MS,
    documentFetch: opts.documentFetch,
    onRefresh: opts.onRefresh,
    workspaceNames: async ({ slackToken, identity }) =>
      (await app.slack.workspaces(personAccess(slackToken, identity))).map((workspace) => workspace.name),
    learnToken: ({ slackToken, identity, orgWide }) => {
      const access = personAccess(slackToken, identity);
      return orgWide ? app.slack.workspaces(access) : app.slack.whoAmI(access);
    },
    displayName: ({ slackToken, identity, userId }) =>
      app.slack.userName(personAccess(slackToken, identity), userId),
  });
  app.decorate('signIn', service);
  if (!redis)
    app.addHook('onListen', async () => {
      app.log.warn(
        'Sign in with Slack keeps its records in process memory: run one replica, and people sign in again after a restart (set REDIS_URL to share them)',
      );
    });
  if (!settings.signingSecret)
    app.addHook('onListen', async () => {
      app.log.warn(
        'SLACK_SIGNING_SECRET is not set: Slack cannot tell this server about revoked tokens or an uninstalled app (POST /slack/events)',
      );
    });
}

export default fp(signIn, { name: 'sign-in', dependencies: ['config', 'redis', 'slack'] });
