import Fastify, {
  type FastifyBaseLogger,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginOptions,
  type FastifyServerOptions,
  type RawServerDefault,
} from 'fastify';
import type { CacheStore, Clock, Coalescer } from './cache/types.js';
import { type Config, trustProxySetting } from './config.js';
import { clientErrorHandler } from './http/client-error.js';
import { MAX_BODY_BYTES } from './http/json-limits.js';
import { OneLineLogController } from './logging/log-controller.js';
import { loggerOptions } from './logging/log-options.js';
import { requestIdOf } from './logging/request-id.js';
import auditPlugin from './plugins/audit.js';
import authPlugin from './plugins/auth.js';
import cachePlugin from './plugins/cache.js';
import catalogPlugin from './plugins/catalog.js';
import configPlugin from './plugins/config.js';
import accessLog from './plugins/http/access-log.js';
import apiRateLimit from './plugins/http/api-rate-limit.js';
import connectionClose from './plugins/http/connection-close.js';
import connectionLimits, { HEADERS_TIMEOUT_MS } from './plugins/http/connection-limits.js';
import deadline from './plugins/http/deadline.js';
import drainConnections from './plugins/http/drain-connections.js';
import errorHandler, { frameworkErrors } from './plugins/http/error-handler.js';
import integerParams from './plugins/http/integer-params.js';
import jsonBody from './plugins/http/json-body.js';
import overload from './plugins/http/overload.js';
import requestId from './plugins/http/request-id.js';
import mcpPlugin from './plugins/mcp.js';
import metricsPlugin from './plugins/metrics.js';
import openapiPlugin, { type OpenapiOptions } from './plugins/openapi.js';
import readsPlugin from './plugins/reads.js';
import redisPlugin from './plugins/redis.js';
import schemasPlugin from './plugins/schemas.js';
import slackPlugin from './plugins/slack.js';
import type { RateGate } from './rate-gates/rate-gate.js';
import { SLACK_METHODS } from './reads/registry.js';
import type { RedisClient } from './redis/redis-client.js';
import adminAuditRoute from './routes/admin-audit.js';
import healthRoutes from './routes/health.js';
import mcpRoute from './routes/mcp.js';
import metricsRoute from './routes/metrics.js';
import readRoutes from './routes/reads.js';
import { AJV_OPTIONS } from './schemas/ajv-options.js';
import { lazyCompilers } from './schemas/lazy-compilers.js';
import signInPlugin, { type SignInPluginOptions } from './sign-in/plugin.js';
import signInRoutes from './sign-in/routes/index.js';

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
  /** Sign in with Slack's network policy for client documents and its refresh listener (tests, benches). */
  signIn?: Omit<SignInPluginOptions, 'clock'>;
}

/** One plugin of the app, with its options made from buildApp's options and the decorators before it. */
export interface AppPart {
  name: string;
  /** The plugins it declares it needs before it (fastify-plugin's `dependencies`). */
  dependencies: readonly string[];
  register: (app: FastifyInstance, given: AppOptions) => Promise<unknown>;
}

/** A plugin as a part of the app: the name and dependencies it declares (fastify-plugin), else its function's name. */
function declared(plugin: FastifyPluginAsync<never>) {
  const meta = Reflect.get(plugin, Symbol.for('plugin-meta')) as
    | { name?: string; dependencies?: string[] }
    | undefined;
  return { name: meta?.name ?? plugin.name, dependencies: meta?.dependencies ?? [] };
}

function part(plugin: FastifyPluginAsync): AppPart {
  return { ...declared(plugin), register: async (app) => app.register(plugin) };
}

/** A plugin whose options come from buildApp's options and the decorators before it. */
function partWith<O extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<O>,
  options: (app: FastifyInstance, given: AppOptions) => O,
): AppPart {
  return { ...declared(plugin), register: async (app, given) => app.register(plugin, options(app, given)) };
}

/**
 * The app, in the order it is put together. Each plugin declares what must come before it (fastify-plugin's
 * `dependencies`, and `decorators` for another's decorator it reads): one registered too early fails at
 * start naming what is missing, so this order is checked on every start and in every test, not remembered.
 */
export const APP_PARTS: readonly AppPart[] = [
  partWith(configPlugin, (_app, { config, clock = Date.now }) => ({ config, clock })),
  part(schemasPlugin),
  // How a request is received, checked, logged and answered, before anything answers one.
  part(deadline),
  part(errorHandler),
  part(jsonBody),
  part(integerParams),
  part(requestId),
  part(accessLog),
  part(drainConnections),
  part(connectionClose),
  part(connectionLimits),
  // Capabilities, one decorator each; the metrics first, since the others report to them.
  partWith(metricsPlugin, (_app, given) => ({ defaultMetrics: given.defaultMetrics })),
  part(overload),
  partWith(openapiPlugin, (_app, given) => given.openapi ?? {}),
  part(authPlugin),
  partWith(redisPlugin, (app, given) => ({
    client: given.redis,
    onError: app.metrics.onRedisError,
    ...given.redisBreaker,
  })),
  part(auditPlugin),
  partWith(apiRateLimit, (app) => ({ onLimited: app.metrics.onApiRateLimited })),
  partWith(cachePlugin, (app, given) => ({
    clock: app.clock,
    parts: given.cache,
    onEvent: app.metrics.onCacheEvent,
    slackMethods: SLACK_METHODS,
  })),
  partWith(slackPlugin, (app) => ({
    clock: app.clock,
    onCall: app.metrics.onSlackCall,
    onRateWait: app.metrics.onRateWait,
  })),
  partWith(catalogPlugin, (app) => ({ onRanked: app.metrics.onRanked })),
  partWith(readsPlugin, (app) => ({ clock: app.clock, onAnswerHit: () => app.metrics.onCacheEvent('hit') })),
  part(mcpPlugin),
  partWith(signInPlugin, (app, given) => ({ clock: app.clock, ...given.signIn })),
  // Routes: encapsulated plugins, after every capability they use.
  part(healthRoutes),
  part(readRoutes),
  part(mcpRoute),
  part(metricsRoute),
  part(adminAuditRoute),
  part(signInRoutes),
];

/** TRUST_PROXY for Fastify: a hop count as the function proxy-addr makes of one (the types take no number). */
function trustProxyOption(config: Config) {
  const trust = trustProxySetting(config.TRUST_PROXY);
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Fastify's own options: logging, limits and timeouts from the configuration, our compilers. */
function fastifyOptions(options: AppOptions): FastifyHttpOptions<RawServerDefault> {
  const { config } = options;
  return {
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
  };
}

/** Builds the service; tests and production call this the same way. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(options));
  for (const { register } of APP_PARTS) await register(app, options);
  return app;
}
