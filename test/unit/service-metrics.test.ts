import { describe, expect, it } from 'vitest';
import { createServiceMetrics } from '../../src/metrics/service-metrics.js';
import { samples } from '../support/metric-samples.js';

describe('service metrics while prom-client loads', () => {
  it('records what was observed before it loaded, once it has', async () => {
    const metrics = createServiceMetrics({ defaultMetrics: false });
    // prom-client arrives by a dynamic import: at least a turn of the event loop after this.
    metrics.observeRequest('GET', '/healthz', 200, 0.002);
    metrics.onSlackCall('search.messages', 'ok');
    metrics.onSlackCall('search.messages', 'ok');
    metrics.onCacheEvent('miss');
    const { contentType, text } = await metrics.exposition();
    expect(contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(
      samples(
        text,
        'agent_search_http_request_duration_seconds_count',
        'agent_search_slack_calls_total',
        'agent_search_cache_events_total',
        'agent_search_metrics_lost_total',
      ),
    ).toEqual([
      'agent_search_http_request_duration_seconds_count{method="GET",route="/healthz",status_code="200"} 1',
      'agent_search_slack_calls_total{method="search.messages",outcome="ok"} 2',
      'agent_search_cache_events_total{event="miss"} 1',
      'agent_search_metrics_lost_total 0',
    ]);
  });

  it('keeps 10,000 waiting recordings and counts the rest as lost', async () => {
    const metrics = createServiceMetrics({ defaultMetrics: false });
    for (let i = 0; i < 10_003; i++) metrics.onApiRateLimited();
    const { text } = await metrics.exposition();
    expect(samples(text, 'agent_search_api_rate_limited_total', 'agent_search_metrics_lost_total')).toEqual([
      'agent_search_api_rate_limited_total 10000',
      'agent_search_metrics_lost_total 3',
    ]);
  });
});
