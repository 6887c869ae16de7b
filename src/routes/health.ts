import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';

const Health = Type.Object({ status: Type.String() }, { additionalProperties: true });

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
}
