import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../cache/types.js';
import { Errors } from '../errors.js';
import { observeGate, type RateWaitListener } from '../rate-gates/observed-gate.js';
import { bearerChallenge } from '../sign-in/bearer.js';
import { personAccess } from '../sign-in/person-access.js';
import { ClientPool } from '../slack-client/client-pool.js';
import { SlackGateway } from '../slack-client/slack-gateway.js';
import type { SlackAccess } from '../slack-client/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    slack: SlackGateway;
    /**
     * The Slack token and deadline a request acts with: a signed-in person's own, else X-Slack-Token (400
     * when sent empty), else SLACK_USER_TOKEN, else 401; 403 unless the bearer token may reach Slack.
     */
    slackAccess: (request: FastifyRequest) => SlackAccess;
  }
}

export interface SlackPluginOptions {
  clock: Clock;
  onCall?: (method: string, outcome: string) => void;
  /** Hears each wait at the rate gate and each refusal because the wait would pass the deadline. */
  onRateWait?: RateWaitListener;
}

async function slack(app: FastifyInstance, opts: SlackPluginOptions) {
  const { config } = app;
  const pool = new ClientPool({
    slackApiUrl: config.SLACK_API_URL,
    timeoutMs: config.REQUEST_DEADLINE_MS,
    logger: app.log,
  });
  const { store, gate, cachedFetch } = app.cache;
  const gateway = new SlackGateway({
    pool,
    store,
    gate: opts.onRateWait ? observeGate(gate, opts.onRateWait) : gate,
    cachedFetch,
    clock: opts.clock,
    onCall: opts.onCall,
    options: {
      searchTtlMs: config.CACHE_SEARCH_TTL_MS,
      threadMinTtlMs: config.CACHE_THREAD_MIN_TTL_MS,
      threadMaxTtlMs: config.CACHE_THREAD_MAX_TTL_MS,
      authTtlMs: config.CACHE_AUTH_TTL_MS,
      userTtlMs: config.CACHE_USER_TTL_MS,
      staleGraceMs: config.CACHE_STALE_GRACE_MS,
      deadlineMs: config.REQUEST_DEADLINE_MS,
      defaultRetryAfterS: config.SLACK_DEFAULT_RETRY_AFTER_S,
      maxRetryAfterS: config.SLACK_MAX_RETRY_AFTER_S,
      maxRepliesLimit: config.SLACK_RATE_PRESET === 'non-marketplace' ? 15 : 1000,
      listTtlMs: config.CACHE_CHANNELS_TTL_MS,
      keySecret: config.KEY_HASH_SECRET,
    },
  });
  app.decorate('slack', gateway);
  app.decorate('slackAccess', (request: FastifyRequest): SlackAccess => {
    app.requireAccess(request, 'slack');
    const header = request.headers['x-slack-token'];
    const { person } = request;
    // A signed-in person's request acts with their token only: never SLACK_USER_TOKEN, never another's.
    if (person) {
      if (header !== undefined) throw new Errors.SlackTokenWithPerson();
      return personAccess(person, request.deadline);
    }
    const callerToken = (Array.isArray(header) ? header[0] : header)?.trim();
    if (callerToken === '') throw new Errors.EmptySlackToken();
    const token = callerToken || config.SLACK_USER_TOKEN;
    // The bearer token is valid; the request lacks a Slack identity: the challenge says where to sign in.
    if (!token) throw bearerChallenge(app.signIn, request, new Errors.NoSlackIdentity(), false);
    return { token, fromCaller: Boolean(callerToken), deadline: request.deadline };
  });
}

export default fp(slack, { name: 'slack', dependencies: ['config', 'cache', 'auth'] });
