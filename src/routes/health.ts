import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';

const Health = Type.Object({ status: Type.String() }, { additionalProperties: true });

const Readiness = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('degraded')], {
      description: 'degraded = answering, but without the shared Redis (more calls to Slack)',
    }),
    cache: Type.Union([Type.Literal('memory'), Type.Literal('redis')], { description: 'Configured cache' }),
    redis: Type.Optional(Type.Union([Type.Literal('reachable'), Type.Literal('unreachable')])),
  },
  { additionalProperties: false },
);

export default async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness',
        description: 'The process is up and serving requests. No authentication.',
        response: { 200: Health },
      },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness',
        description:
          'Ready to serve. With REDIS_URL set and Redis unreachable the status is `degraded` but still 200: ' +
          'requests are answered by calling Slack directly (in-process coalescing only), and taking every ' +
          'replica out of rotation over a shared Redis outage would turn a degradation into an outage. ' +
          'No authentication.',
        response: { 200: Readiness },
      },
    },
    async () => {
      if (!app.redis) return { status: 'ready', cache: 'memory' };
      return app.redis.reachable
        ? { status: 'ready', cache: 'redis', redis: 'reachable' }
        : { status: 'degraded', cache: 'redis', redis: 'unreachable' };
    },
  );
}
