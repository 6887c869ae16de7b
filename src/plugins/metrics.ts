import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createServiceMetrics,
  type ServiceMetrics,
  type ServiceMetricsOptions,
} from '../metrics/service-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServiceMetrics;
  }
}

/** Prometheus metrics: one registry per app, request durations by route template and status. */
async function metrics(app: FastifyInstance, opts: ServiceMetricsOptions) {
  const serviceMetrics = createServiceMetrics(opts);
  app.decorate('metrics', serviceMetrics);
  app.addHook('onResponse', (request, reply, done) => {
    // The route template, never the raw URL: ids and query strings would explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    serviceMetrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

export default fp(metrics, { name: 'metrics' });
