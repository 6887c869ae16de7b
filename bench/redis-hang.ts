// Search latency and /readyz while a real redis-server hangs (SIGSTOP), through real HTTP sockets.
// `npx tsx bench/redis-hang.ts`. Prints the time until /readyz says degraded, the latency of each search
// sent while Redis hangs (distinct queries: each is a cache miss that goes to Slack), and the recovery.
import { DEMO_USER_TOKEN, startFakeSlack } from '../fake-slack/index.js';
import { buildApp } from '../src/app.js';
import { defaultConfig } from '../src/config.js';
import { createRedisClient } from '../src/redis/redis-client.js';
import { startRedisServer } from '../test/support/redis-server.js';

const API_TOKEN = 'bench-api-token';
const headers = { authorization: `Bearer ${API_TOKEN}` };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const redis = await startRedisServer();
const slack = await startFakeSlack();
const config = defaultConfig({
  API_TOKENS: API_TOKEN,
  SLACK_API_URL: slack.url,
  SLACK_USER_TOKEN: DEMO_USER_TOKEN,
  // Measures search.messages and its cache; Real-time Search answers are never cached.
  SLACK_SEARCH_BACKEND: 'legacy',
  LOG_LEVEL: 'warn',
  REDIS_URL: redis.url,
});
const app = await buildApp({ config, redis: createRedisClient(redis.url) });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
let unique = 0;

async function timed(path: string): Promise<{ ms: number; status: number; body: Record<string, unknown> }> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(30_000) });
  const body = (await res.json()) as Record<string, unknown>;
  return { ms: performance.now() - started, status: res.status, body };
}
const search = () => timed(`/search/messages?query=deploy+-h${++unique}`);
const readyz = async () => (await timed('/readyz')).body.status;

try {
  const healthy: number[] = [];
  for (let i = 0; i < 10; i++) healthy.push((await search()).ms);
  console.log(`Redis up: search (cache miss) median ${median(healthy).toFixed(0)} ms`);

  const untilReady = async (status: string) => {
    while ((await readyz()) !== status) await new Promise((r) => setTimeout(r, 50));
  };
  // 1. No traffic: only the watcher's PING can notice the hang.
  redis.pause();
  let pausedAt = performance.now();
  await untilReady('degraded');
  console.log(
    `no traffic: /readyz degraded ${((performance.now() - pausedAt) / 1000).toFixed(2)} s after SIGSTOP`,
  );
  redis.resume();
  await untilReady('ready');

  // 2. A search right after the hang starts: it may wait out one command timeout (1 s) and open the breaker.
  redis.pause();
  pausedAt = performance.now();
  const first = await search();
  console.log(`first search right after SIGSTOP: ${first.ms.toFixed(0)} ms (status ${first.status})`);
  await untilReady('degraded');
  console.log(
    `with traffic: /readyz degraded ${((performance.now() - pausedAt) / 1000).toFixed(2)} s after SIGSTOP`,
  );
  for (let round = 1; round <= 3; round++) {
    const hung: number[] = [];
    const statuses = new Set<number>();
    for (let i = 0; i < 10; i++) {
      const r = await search();
      hung.push(r.ms);
      statuses.add(r.status);
    }
    console.log(
      `round ${round}, Redis hung, breaker open: 10 searches median ${median(hung).toFixed(0)} ms, max ${Math.max(...hung).toFixed(0)} ms, statuses ${[...statuses].join(',')}`,
    );
  }

  redis.resume();
  const resumedAt = performance.now();
  await untilReady('ready');
  console.log(`/readyz ready again ${((performance.now() - resumedAt) / 1000).toFixed(2)} s after SIGCONT`);
  const after: number[] = [];
  for (let i = 0; i < 10; i++) after.push((await search()).ms);
  console.log(`Redis back: search median ${median(after).toFixed(0)} ms`);
} finally {
  redis.resume();
  await app.close();
  await slack.close();
  await redis.stop();
}
