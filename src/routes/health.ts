import type { FastifyInstance } from 'fastify';
import { healthSchema, ROOT_LINKS, readySchema, rootSchema } from './health.schema.js';

const HEALTHY = JSON.stringify({ status: 'ok' });

/** Where to start, liveness and readiness: no authentication. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/', { schema: rootSchema }, async () => ROOT_LINKS);

  app.get(
    '/healthz',
    { schema: healthSchema },
    // Fixed, so sent as JSON text: a first /healthz (often the first request of all) compiles no serializer.
    (_request, reply) => reply.type('application/json; charset=utf-8').send(HEALTHY),
  );

  app.get('/readyz', { schema: readySchema }, async () => {
    if (!app.redis) return { status: 'ready', cache: 'memory' };
    const redis = app.redis.health;
    return { status: redis === 'reachable' ? 'ready' : 'degraded', cache: 'redis', redis };
  });
}
