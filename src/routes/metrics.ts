import type { FastifyInstance } from 'fastify';
import { metricsSchema } from './metrics.schema.js';

export default async function metricsRoute(app: FastifyInstance) {
  const { METRICS_TOKEN } = app.config;
  // METRICS_TOKEN alone, checked by @fastify/bearer-auth as the API tokens are; otherwise any API token.
  const onRequest = METRICS_TOKEN
    ? app.verifyBearerAuthFactory?.({ keys: [METRICS_TOKEN], addHook: false, verifyErrorLogLevel: 'debug' })
    : app.authenticate;
  if (!onRequest) throw new Error('@fastify/bearer-auth did not provide verifyBearerAuthFactory');
  app.get('/metrics', { schema: metricsSchema, onRequest }, async (_request, reply) => {
    const { contentType, text } = await app.metrics.exposition();
    reply.type(contentType);
    return text;
  });
}
