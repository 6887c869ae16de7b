import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../cache/types.js';
import { createUserQuota } from '../rate-gates/user-quota.js';
import type { ReadServices } from '../reads/read-definition.js';
import { HtmlConversions } from '../reads/read-file/html-conversions.js';
import { RTS_USER_QUOTA } from '../reads/search-messages/rts-search.js';
import { createSearchBackend } from '../reads/search-messages/search-backends.js';
import { downloadPolicy } from '../slack-client/download-file.js';
import { createAnswerCache } from '../slack-search/answer-cache.js';
import { createDirectories } from '../slack-search/directory.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What every read (REST route or MCP tool) runs with: the Slack pipeline's parts and the catalog. */
    readServices: ReadServices;
  }
}

export interface SlackSearchPluginOptions {
  clock: Clock;
  /** Hears each answer served whole from the cache (counted as a cache hit). */
  onAnswerHit?: () => void;
}

async function reads(app: FastifyInstance, opts: SlackSearchPluginOptions) {
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
  const answers = createAnswerCache({ store: app.cache.store, clock: opts.clock, onHit: opts.onAnswerHit });
  const directories = createDirectories({ slack: app.slack, store: app.cache.store, clock: opts.clock });
  app.addHook('onClose', async () => directories.close());
  const html = new HtmlConversions();
  app.addHook('onClose', () => html.close());
  app.decorate('readServices', {
    config,
    slack: {
      slack: app.slack,
      backend,
      rtsQuota: quota,
      answers,
      maxResponseBytes: config.MAX_RESPONSE_BYTES,
      backendKind: config.SLACK_SEARCH_BACKEND,
      directories,
      download: downloadPolicy(config.SLACK_API_URL),
      html,
      clock: opts.clock,
    },
    catalog: app.catalog,
  });
}

export default fp(reads, { name: 'reads', dependencies: ['config', 'cache', 'slack', 'redis', 'catalog'] });
