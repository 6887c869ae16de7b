import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../cache/types.js';
import { createServiceRegistry, type ServiceRegistry } from '../reads/services.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services the reads declare (src/reads), each built once for this app at its first use. */
    reads: ServiceRegistry;
  }
}

export interface ReadsPluginOptions {
  clock: Clock;
  /** Hears each answer served whole from the cache (counted as a cache hit). */
  onAnswerHit?: () => void;
}

async function reads(app: FastifyInstance, opts: ReadsPluginOptions) {
  const closing: Array<() => void | Promise<void>> = [];
  app.addHook('onClose', async () => {
    for (const close of closing) await close();
  });
  app.decorate(
    'reads',
    createServiceRegistry({
      config: app.config,
      clock: opts.clock,
      log: app.log,
      slack: app.slack,
      store: app.cache.store,
      redis: app.redis?.client,
      catalog: app.catalog,
      onAnswerHit: opts.onAnswerHit,
      audit: app.audit,
      onClose: (close) => closing.push(close),
    }),
  );
}

export default fp(reads, {
  name: 'reads',
  dependencies: ['config', 'cache', 'slack', 'redis', 'catalog', 'audit'],
  decorators: { fastify: ['config', 'cache', 'slack', 'redis', 'catalog', 'audit'] },
});
