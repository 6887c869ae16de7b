import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock.js';
import { Errors, withRetryAfter } from '../errors.js';
import type { SafeFetchOptions } from './oauth/safe-fetch.js';
import { MemoryRecordStore, type RecordStore, RedisRecordStore } from './record-store.js';
import { OAuthErrorBody } from './routes/responses.js';
import { signInSettings } from './settings.js';
import { SignIn } from './sign-in.js';
import { signInRedis } from './sign-in-redis.js';

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
        (value.apply(target, args) as Promise<unknown>).catch((err: { statusCode?: number }) => {
          // The store's own refusals (the memory store full) say so; anything else is Redis failing.
          if (err?.statusCode) throw err;
          throw withRetryAfter(new Errors.SignInStoreUnavailable(), 5);
        });
    },
  });
}

async function signIn(app: FastifyInstance, opts: SignInPluginOptions) {
  const { config } = app;
  app.addSchema(OAuthErrorBody);
  const settings = signInSettings(config);
  if (!settings) {
    app.decorate('signIn', null);
    return;
  }
  const redis = await signInRedis(app);
  const store = answering503(redis ? new RedisRecordStore(redis) : new MemoryRecordStore(opts.clock));
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
    displayName: ({ slackToken, identity, userId }) =>
      app.slack.userName(
        {
          token: slackToken,
          fromCaller: true,
          deadline: opts.clock() + 2000,
          person: { identity, renew: async () => undefined, rejected: async () => {} },
        },
        userId,
      ),
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
