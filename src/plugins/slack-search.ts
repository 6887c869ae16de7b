import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../cache/types.js';
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
  app.decorate(
    'slackSearch',
    createSlackSearch({
      slack: app.slack,
      store: app.cache.store,
      clock: opts.clock,
      onHit: opts.onAnswerHit,
      maxResponseBytes: app.config.MAX_RESPONSE_BYTES,
    }),
  );
}

export default fp(slackSearch, { name: 'slack-search', dependencies: ['config', 'cache', 'slack'] });
