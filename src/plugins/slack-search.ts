import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../cache/types.js';
import { createUserQuota } from '../rate-gates/user-quota.js';
import { RTS_USER_QUOTA } from '../slack-search/rts-search.js';
import { createSearchBackend } from '../slack-search/search-backends.js';
import { createSlackSearch, type SlackSearch } from '../slack-search/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Slack search and thread reads for every front end (REST routes, MCP tools). */
    slackSearch: SlackSearch;
  }
}

export interface SlackSearchPluginOptions {
  clock: Clock;
  /** Hears each answer served whole from the cache (counted as a cache hit). */
  onAnswerHit?: () => void;
}

async function slackSearch(app: FastifyInstance, opts: SlackSearchPluginOptions) {
  const { config } = app;
  const quota = createUserQuota({
    quota: RTS_USER_QUOTA,
    appId: config.SLACK_APP_ID,
    clock: opts.clock,
    redis: app.redis?.client,
  });
  const backend = createSearchBackend(config.SLACK_SEARCH_BACKEND, {
    slack: app.slack,
    quota,
    clock: opts.clock,
    defaultRetryAfterS: config.SLACK_DEFAULT_RETRY_AFTER_S,
    fallbackMs: config.SLACK_RTS_FALLBACK_MS,
    log: app.log.child({ component: 'slack-search' }),
  });
  app.decorate(
    'slackSearch',
    createSlackSearch({
      slack: app.slack,
      backend,
      store: app.cache.store,
      clock: opts.clock,
      onHit: opts.onAnswerHit,
      maxResponseBytes: app.config.MAX_RESPONSE_BYTES,
    }),
  );
}

export default fp(slackSearch, { name: 'slack-search', dependencies: ['config', 'cache', 'slack', 'redis'] });
