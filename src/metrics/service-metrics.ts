import type { Counter, Histogram } from 'prom-client';

type PromClient = typeof import('prom-client');

export type CacheEvent = 'hit' | 'miss' | 'stale';
export type RateWaitOutcome = 'waited' | 'refused';

/** The service's Prometheus metrics, in a registry of their own (so tests can build many apps). */
export interface ServiceMetrics {
  /** The metrics in Prometheus' text format, and its content type. */
  exposition(): Promise<{ contentType: string; text: string }>;
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  onSlackCall(method: string, outcome: string): void;
  onCacheEvent(event: CacheEvent): void;
  onRateWait(method: string, outcome: RateWaitOutcome, ms: number): void;
  onRanked(ms: number): void;
  onApiRateLimited(): void;
  onRedisError(kind: string): void;
  /** Audit records by what became of them: written, dropped (queue full), failed (a sink refused). */
  onAuditRecords(outcome: string, records: number): void;
}

export interface ServiceMetricsOptions {
  /** Process metrics (CPU, memory, event loop lag, GC) under the same prefix. @default true */
  defaultMetrics?: boolean;
}

export const METRIC_PREFIX = 'agent_search_';

type Recorders = Omit<ServiceMetrics, 'exposition'>;

/** What can wait for prom-client: recordings made before it has loaded (the first milliseconds). */
const MAX_WAITING = 10_000;

/**
 * The service's metrics, prom-client loading in the background (it is a tenth of the start-up): what is
 * recorded before it has loaded is recorded once it has, in order; past MAX_WAITING recordings, counted as lost.
 */
export function createServiceMetrics(options: ServiceMetricsOptions = {}): ServiceMetrics {
  let loaded: ReturnType<typeof buildMetrics> | undefined;
  const waiting: ((recorders: Recorders) => void)[] = [];
  let lost = 0;
  // `default`: the package's module.exports, the same whether Node loads it or the build bundled it.
  const ready = import('prom-client').then(({ default: prom }) => {
    loaded = buildMetrics(prom, options);
    for (const record of waiting.splice(0)) record(loaded.recorders);
    if (lost > 0) loaded.lostRecordings.inc(lost);
    return loaded;
  });
  ready.catch(() => {}); // a failed load is the scrape's error (exposition), not an unhandled rejection
  const record = (f: (recorders: Recorders) => void) => {
    if (loaded) f(loaded.recorders);
    else if (waiting.length < MAX_WAITING) waiting.push(f);
    else lost++;
  };
  return {
    exposition: async () => {
      const { registry } = await ready;
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
    observeRequest: (...args) => record((r) => r.observeRequest(...args)),
    onSlackCall: (...args) => record((r) => r.onSlackCall(...args)),
    onCacheEvent: (...args) => record((r) => r.onCacheEvent(...args)),
    onRateWait: (...args) => record((r) => r.onRateWait(...args)),
    onRanked: (...args) => record((r) => r.onRanked(...args)),
    onApiRateLimited: () => record((r) => r.onApiRateLimited()),
    onRedisError: (...args) => record((r) => r.onRedisError(...args)),
    onAuditRecords: (...args) => record((r) => r.onAuditRecords(...args)),
  };
}

type Registers = [InstanceType<PromClient['Registry']>];

/** The HTTP, Slack and cache metrics. */
function requestMetrics({ Counter, Histogram }: PromClient, registers: Registers) {
  const http = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'HTTP request duration by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const slackCalls = new Counter({
    name: `${METRIC_PREFIX}slack_calls_total`,
    help: 'Slack Web API calls by method and outcome (ok, rate_limited or the error code)',
    labelNames: ['method', 'outcome'] as const,
    registers,
  });
  const cacheEvents = new Counter({
    name: `${METRIC_PREFIX}cache_events_total`,
    help: 'Cache reads by result: hit, miss (loaded from Slack) or stale (served after a Slack failure)',
    labelNames: ['event'] as const,
    registers,
  });
  const rateWaits = new Counter({
    name: `${METRIC_PREFIX}slack_rate_waits_total`,
    help: 'Slack calls that waited for their turn at the rate gate, or were refused because the wait would pass the deadline',
    labelNames: ['method', 'outcome'] as const,
    registers,
  });
  const rateWaitSeconds = new Counter({
    name: `${METRIC_PREFIX}slack_rate_wait_seconds_total`,
    help: 'Time spent waiting at the Slack rate gate',
    labelNames: ['method'] as const,
    registers,
  });
  return { http, slackCalls, cacheEvents, rateWaits, rateWaitSeconds };
}

/** The catalog, rate limit, Redis and lost-recording metrics. */
function otherMetrics({ Counter, Histogram }: PromClient, registers: Registers) {
  const ranking = new Histogram({
    name: `${METRIC_PREFIX}catalog_ranking_seconds`,
    help: 'Time to rank the tools of one catalog search, building the index when it is not cached',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers,
  });
  const apiRateLimited = new Counter({
    name: `${METRIC_PREFIX}api_rate_limited_total`,
    help: 'Requests refused with 429 by the per-token API rate limit',
    registers,
  });

  const redisErrors = new Counter({
    name: `${METRIC_PREFIX}redis_errors_total`,
    help: 'Failed Redis commands and connection errors by kind: moved, ask, crossslot, clusterdown, tryagain, readonly, loading, masterdown, oom, auth, reply, redirections, timeout, connection, other',
    labelNames: ['kind'] as const,
    registers,
  });
  const lostRecordings = new Counter({
    name: `${METRIC_PREFIX}metrics_lost_total`,
    help: `Recordings made while the metrics library loaded, past ${MAX_WAITING} (not counted elsewhere)`,
    registers,
  });

  const auditRecords = new Counter({
    name: `${METRIC_PREFIX}audit_records_total`,
    help: 'Audit records by outcome: written (to AUDIT_LOG and the kept window), dropped (AUDIT_QUEUE_MAX was reached), failed (a write was refused)',
    labelNames: ['outcome'] as const,
    registers,
  });

  return { ranking, apiRateLimited, redisErrors, lostRecordings, auditRecords };
}

/** What each recording does to the metrics. */
function recordersOf(m: ReturnType<typeof requestMetrics> & ReturnType<typeof otherMetrics>): Recorders {
  const { http, slackCalls, cacheEvents, rateWaits, rateWaitSeconds, ranking, apiRateLimited, redisErrors } =
    m;
  const { auditRecords } = m;
  // Bound label sets, one per method, route template and status: looking one up is a string key, not a
  // hash of the labels on every request. Route templates keep the set small.
  const httpChildren = new Map<string, Histogram.Internal<'method' | 'route' | 'status_code'>>();
  const cacheChildren = new Map<CacheEvent, Counter.Internal>();
  return {
    observeRequest: (method, route, statusCode, seconds) => {
      const key = `${method} ${statusCode} ${route}`;
      let child = httpChildren.get(key);
      if (!child) {
        child = http.labels({ method, route, status_code: String(statusCode) });
        httpChildren.set(key, child);
      }
      child.observe(seconds);
    },
    onSlackCall: (method, outcome) => slackCalls.inc({ method, outcome }),
    onCacheEvent: (event) => {
      let child = cacheChildren.get(event);
      if (!child) {
        child = cacheEvents.labels({ event });
        cacheChildren.set(event, child);
      }
      child.inc();
    },
    onRateWait: (method, outcome, ms) => {
      rateWaits.inc({ method, outcome });
      if (ms > 0) rateWaitSeconds.inc({ method }, ms / 1000);
    },
    onRanked: (ms) => ranking.observe(ms / 1000),
    onApiRateLimited: () => apiRateLimited.inc(),
    onRedisError: (kind) => redisErrors.inc({ kind }),
    onAuditRecords: (outcome, records) => auditRecords.inc({ outcome }, records),
  };
}

function buildMetrics(prom: PromClient, options: ServiceMetricsOptions) {
  const registry = new prom.Registry();
  if (options.defaultMetrics ?? true)
    prom.collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  const registers: Registers = [registry];
  const metrics = { ...requestMetrics(prom, registers), ...otherMetrics(prom, registers) };
  return { registry, recorders: recordersOf(metrics), lostRecordings: metrics.lostRecordings };
}
