import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Errors, withRetryAfter } from '../../errors.js';

export interface ApiRateLimitOptions {
  onLimited?: () => void;
}

/** The rate-limit key of an authenticated request: the digest auth already took of its bearer token. */
export const bearerKey = (request: FastifyRequest): string => request.apiClient?.rateKey ?? 'anonymous';

/**
 * Per-bearer-token request limit (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS; 0 = off), counted in Redis
 * when the app has one so every replica shares the budget. Runs after authentication (preValidation),
 * so only known tokens are counted and unauthenticated routes (health, docs) are never limited.
 */
async function apiRateLimit(app: FastifyInstance, opts: ApiRateLimitOptions) {
  const { RATE_LIMIT_MAX: max, RATE_LIMIT_WINDOW_MS: timeWindow } = app.config;
  if (max === 0) return;
  // Loaded only when on (start-up: it and what it imports are ~10 ms).
  await app.register((await import('@fastify/rate-limit')).default, {
    max,
    timeWindow,
    hook: 'preValidation',
    keyGenerator: bearerKey,
    allowList: (request) => request.apiClient === undefined,
    redis: app.redis?.client,
    nameSpace: 'as:v1:api-rate:',
    // A Redis outage must not turn into refused requests: count nothing until it is back.
    skipOnError: true,
    onExceeded: () => opts.onLimited?.(),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return withRetryAfter(new Errors.ApiRateLimited(context.max, seconds), seconds);
    },
  });
}

export default fp(apiRateLimit, {
  name: 'api-rate-limit',
  dependencies: ['config', 'redis', 'auth'],
  decorators: { fastify: ['config', 'redis'] },
});
