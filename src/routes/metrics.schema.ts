import { Type } from '@sinclair/typebox';
import { errorResponses } from '../schemas/error.js';

const EXAMPLE = `# HELP agent_search_cache_events_total Cache reads by result: hit, miss (loaded from Slack) or stale (served after a Slack failure)
# TYPE agent_search_cache_events_total counter
agent_search_cache_events_total{event="hit"} 42
`;

export const metricsSchema = {
  tags: ['operations'],
  operationId: 'getMetrics',
  summary: 'Prometheus metrics',
  description:
    'Metrics in the Prometheus text format: request duration by route and status, Slack calls by method and outcome, cache hits/misses/stale, Slack rate-gate waits, API rate-limit refusals, catalog ranking time and process metrics. The bearer token is METRICS_TOKEN when it is set, otherwise any API token. Never shed under load.',
  security: [{ bearerAuth: [] }],
  response: {
    200: {
      description: 'Prometheus text exposition format 0.0.4',
      content: { 'text/plain': { schema: Type.String(), examples: { counters: { value: EXAMPLE } } } },
    },
    ...errorResponses(401),
  },
};
