import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Errors } from '../errors.js';
import { metricsSchema } from './metrics.schema.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** A guard that accepts exactly `Authorization: Bearer <token>`, compared in constant time. */
function bearerGuard(token: string) {
  const expected = digest(token);
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header)
      throw new Errors.Unauthorized('Missing Authorization header: send Authorization: Bearer <token>');
    const given = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
    if (!timingSafeEqual(digest(given), expected)) throw new Errors.Unauthorized('Invalid bearer token');
  };
}

export default async function metricsRoute(app: FastifyInstance) {
  const { METRICS_TOKEN } = app.config;
  app.get(
    '/metrics',
    { schema: metricsSchema, onRequest: METRICS_TOKEN ? bearerGuard(METRICS_TOKEN) : app.authenticate },
    async (_request, reply) => {
      reply.type(app.metrics.registry.contentType);
      return app.metrics.registry.metrics();
    },
  );
}
