import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { CacheStore, Clock, Coalescer } from './cache/types.js';
import { type Config, trustProxySetting } from './config.js';
import { clientErrorHandler } from './http/client-error.js';
import { MAX_BODY_BYTES } from './http/json-limits.js';
import { OneLineLogController } from './logging/log-controller.js';
import { loggerOptions } from './logging/log-options.js';
import { requestIdOf } from './logging/request-id.js';
import accessLog from './plugins/access-log.js';
import apiRateLimit from './plugins/api-rate-limit.js';
import authPlugin from './plugins/auth.js';
import cachePlugin from './plugins/cache.js';
import catalogPlugin from './plugins/catalog.js';
import connectionClose from './plugins/connection-close.js';
import connectionLimits, { HEADERS_TIMEOUT_MS } from './plugins/connection-limits.js';
import drainConnections from './plugins/drain-connections.js';
import errorHandler, { frameworkErrors } from './plugins/error-handler.js';
import integerParams from './plugins/integer-params.js';
import jsonBody from './plugins/json-body.js';
import mcpPlugin from './plugins/mcp.js';
import metricsPlugin from './plugins/metrics.js';
import openapiPlugin, { type OpenapiOptions } from './plugins/openapi.js';
import overload from './plugins/overload.js';
import readsPlugin from './plugins/reads.js';
import redisPlugin from './plugins/redis.js';
import requestId from './plugins/request-id.js';
import slackPlugin from './plugins/slack.js';
import type { RateGate } from './rate-gates/rate-gate.js';
import { ALL_SCHEMAS } from './reads/reads.js';
import { SLACK_METHODS } from './reads/registry.js';
import type { RedisClient } from './redis/redis-client.js';
import healthRoutes from './routes/health.js';
import mcpRoute from './routes/mcp.js';
import metricsRoute from './routes/metrics.js';
import readRoutes from './routes/reads.js';
import { AJV_OPTIONS } from './schemas/ajv-options.js';
import { lazyCompilers } from './schemas/lazy-compilers.js';

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
  /** pino options (merged with the redaction, which cannot be turned off) or false; tests pass a stream. */
  logger?: FastifyServerOptions['logger'];
  /** A pino logger made with `loggerOptions` to use instead (the stdio bin logs before the app is built). */
  loggerInstance?: FastifyBaseLogger;
  /** @default Date.now */
  clock?: Clock;
  /** Cache parts to use instead of the Redis-backed (with `redis`) or in-memory ones. */
  cache?: { store?: CacheStore; coalescer?: Coalescer; gate?: RateGate };
  /**
   * Shared Redis for cache, coalescing and rate limits across replicas (see `createConfiguredRedis`); the app
   * connects it and closes it on close. Absent: everything stays in process memory.
   */
  redis?: RedisClient;
  /** Circuit breaker timing of the Redis link (tests shorten it). */
  redisBreaker?: { breakerOpenMs?: number; probeMs?: number };
  /** How the docs (/openapi.json, /docs) are built on first use (tests inject a failing build). */
  openapi?: OpenapiOptions;
  /** Process metrics in GET /metrics. @default true */
  defaultMetrics?: boolean;
}

/** TRUST_PROXY for Fastify: a hop count as the function proxy-addr makes of one (the types take no number). */
function trustProxyOption(config: Config) {
  const trust = trustProxySetting(config.TRUST_PROXY);
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the service; tests and production call this the same way. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, clock = Date.now } = options;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : {
          logger:
            options.logger === false
              ? false
              : loggerOptions(config.LOG_LEVEL, typeof options.logger === 'object' ? options.logger : {}),
        }),
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: trustProxyOption(config),
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // Socket inactivity: longer than any request may take to answer.
    connectionTimeout: Math.max(config.REQUEST_TIMEOUT_MS, config.REQUEST_DEADLINE_MS) + 5000,
    // Node checks the request timeouts every 30 s by default: a slow body would then live up to 30 s longer.
    // A socket that sends no complete request head within HEADERS_TIMEOUT_MS is closed (idle sockets too).
    http: {
      connectionsCheckingInterval: 1000,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
    },
    clientErrorHandler,
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new OneLineLogController(),
    frameworkErrors,
    ajv: AJV_OPTIONS,
    schemaController: lazyCompilers,
  });

  app.decorate('config', config);
  await app.register(fp(async () => {}, { name: 'config' }));
  app.decorateRequest('deadline', 0);
  // Callback-style hooks here and in the plugins on every request's path: no promise per hook.
  app.addHook('onRequest', (request, _reply, done) => {
    request.deadline = clock() + config.REQUEST_DEADLINE_MS;
    done();
  });
  for (const schema of ALL_SCHEMAS) app.addSchema(schema);

  await app.register(errorHandler);
  await app.register(jsonBody);
  await app.register(integerParams);
  await app.register(requestId);
  await app.register(accessLog);
  await app.register(drainConnections);
  await app.register(connectionClose);
  await app.register(connectionLimits);
  await app.register(metricsPlugin, { defaultMetrics: options.defaultMetrics });
  const { metrics } = app;
  await app.register(overload);
  await app.register(openapiPlugin, options.openapi ?? {});
  await app.register(authPlugin);
  await app.register(redisPlugin, {
    client: options.redis,
    onError: metrics.onRedisError,
    ...options.redisBreaker,
  });
  await app.register(apiRateLimit, { onLimited: metrics.onApiRateLimited });
  await app.register(cachePlugin, {
    clock,
    parts: options.cache,
    onEvent: metrics.onCacheEvent,
    slackMethods: SLACK_METHODS,
  });
  await app.register(slackPlugin, { clock, onCall: metrics.onSlackCall, onRateWait: metrics.onRateWait });
  await app.register(catalogPlugin, { onRanked: metrics.onRanked });
  await app.register(readsPlugin, { clock, onAnswerHit: () => metrics.onCacheEvent('hit') });
  await app.register(mcpPlugin);

  await app.register(healthRoutes);
  await app.register(readRoutes);
  await app.register(mcpRoute);
  await app.register(metricsRoute);
  return app;
}
