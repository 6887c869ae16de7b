import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { RateGate } from './cache/rate-gate.js';
import type { CacheStore, Clock, Coalescer } from './cache/types.js';
import type { Config } from './config.js';
import authPlugin from './plugins/auth.js';
import cachePlugin from './plugins/cache.js';
import errorHandler from './plugins/error-handler.js';
import openapiPlugin from './plugins/openapi.js';
import slackPlugin from './plugins/slack.js';
import catalogSearchRoute from './routes/catalog-search.js';
import healthRoutes from './routes/health.js';
import searchMessagesRoute from './routes/search-messages.js';
import threadsRoute from './routes/threads.js';
import { sharedSchemas } from './schemas/shared.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
  interface FastifyRequest {
    /** Epoch ms after which the request must have been answered (REQUEST_DEADLINE_MS). */
    deadline: number;
  }
}

export interface AppOptions {
  config: Config;
  /** pino options or false; tests pass a stream to capture logs. */
  logger?: FastifyServerOptions['logger'];
  /** @default Date.now */
  clock?: Clock;
  /** Shared cache parts (Redis-backed in production with REDIS_URL); in-memory when absent. */
  cache?: { store?: CacheStore; coalescer?: Coalescer; gate?: RateGate };
}

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-slack-token"]',
  'req.headers.cookie',
];

/** Builds the service; tests and production call this the same way. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, clock = Date.now } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL, redact: REDACTED_PATHS },
    bodyLimit: 8 * 1024 * 1024,
    requestIdHeader: 'x-request-id',
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
  });

  app.decorate('config', config);
  await app.register(fp(async () => {}, { name: 'config' }));
  app.decorateRequest('deadline', 0);
  app.addHook('onRequest', async (request) => {
    request.deadline = clock() + config.REQUEST_DEADLINE_MS;
  });
  for (const schema of sharedSchemas) app.addSchema(schema);

  await app.register(errorHandler);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(cachePlugin, { clock, parts: options.cache });
  await app.register(slackPlugin, { clock });

  await app.register(healthRoutes);
  await app.register(searchMessagesRoute);
  await app.register(threadsRoute);
  await app.register(catalogSearchRoute);
  return app;
}
