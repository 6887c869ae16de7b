import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Errors, withRetryAfter } from '../../errors.js';
import { installSafeMemoryUsage } from '../../http/safe-memory-usage.js';

// Liveness and metrics stay answerable under load: an orchestrator must not restart a busy replica,
// and the figures that show the overload must stay readable.
const EXEMPT_ROUTES = new Set(['/healthz', '/metrics']);

const SAMPLE_INTERVAL_MS = 1000;
// The first event-loop samples cover boot itself (compiling every schema blocks the loop for a second on a
// small machine): shedding on them would refuse a fresh replica's first second of requests.
const LOOP_SIGNALS = new Set(['eventLoopDelay', 'eventLoopUtilization']);
const BOOT_GRACE_MS = 2 * SAMPLE_INTERVAL_MS;

/**
 * Sheds load with 503 + Retry-After (our error shape) while the event loop, heap or RSS is past its
 * PRESSURE_* threshold, instead of queueing requests until the process falls over.
 */
async function overload(app: FastifyInstance) {
  const { config } = app;
  const retryAfter = config.PRESSURE_RETRY_AFTER_S;
  installSafeMemoryUsage(app.log);
  let bootSamplesUntil = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    bootSamplesUntil = Date.now() + BOOT_GRACE_MS;
  });
  await app.register(underPressure, {
    sampleInterval: SAMPLE_INTERVAL_MS,
    maxEventLoopDelay: config.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: config.PRESSURE_MAX_EVENT_LOOP_UTILIZATION,
    maxHeapUsedBytes: config.PRESSURE_MAX_HEAP_USED_BYTES,
    maxRssBytes: config.PRESSURE_MAX_RSS_BYTES,
    retryAfter,
    pressureHandler: async (request: FastifyRequest, _reply, type, value) => {
      if (EXEMPT_ROUTES.has(request.routeOptions.url ?? '')) return;
      if (LOOP_SIGNALS.has(type) && Date.now() < bootSamplesUntil) return;
      request.log.debug({ type, value }, 'under pressure: shedding the request');
      throw withRetryAfter(new Errors.Overloaded(retryAfter), retryAfter);
    },
  });
}

export default fp(overload, { name: 'overload', dependencies: ['config', 'error-handler'] });
