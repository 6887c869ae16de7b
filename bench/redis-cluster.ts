// The service on a local 3-master Redis Cluster (REDIS_CLUSTER_NODES), over real HTTP; replicas are
// processes of their own (src/server.ts).
// `npx tsx bench/redis-cluster.ts`. Prints: 36 different searches → answers stored per master (none lost) and
// what a REDIS_URL pointed at one node gets; 100 identical concurrent searches over 3 replicas → Slack calls;
// 60 different searches of one identity over 3 replicas against Slack's 20/min for search.messages → Slack
// calls and Slack 429s, with the rate gate shared on the cluster and, as the baseline, per process.
import { DEMO_USER_TOKEN, type FakeSlack, startFakeSlack } from '../fake-slack/index.js';
import { buildApp } from '../src/app.js';
import { type Config, defaultConfig } from '../src/config.js';
import { createConfiguredRedis } from '../src/redis/redis-client.js';
import { startRedisCluster } from '../test/support/redis-cluster.js';
import { spawnServer } from './spawn-server.js';

const API_TOKEN = 'bench-api-token';
const headers = { authorization: `Bearer ${API_TOKEN}` };

const cluster = await startRedisCluster({ masters: 3 });
const configFor = (slack: FakeSlack, overrides: Partial<Config> = {}) =>
  defaultConfig({
    API_TOKENS: API_TOKEN,
    SLACK_API_URL: slack.url,
    SLACK_USER_TOKEN: DEMO_USER_TOKEN,
    SLACK_SEARCH_BACKEND: 'legacy',
    LOG_LEVEL: (process.env.LOG_LEVEL as Config['LOG_LEVEL']) ?? 'silent',
    REDIS_CLUSTER_NODES: cluster.nodes,
    KEY_HASH_SECRET: 'bench-cluster-key-hash-secret',
    ...overrides,
  });

/** `n` replicas of the service, each its own process (src/server.ts) as in production, on `config`. */
async function replicas(n: number, config: Config, slack: FakeSlack) {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(config))
    if (value !== undefined && key !== 'PORT' && key !== 'HOST' && key !== 'API_TOKENS')
      env[key] = String(value);
  const servers = await Promise.all(
    Array.from({ length: n }, () => spawnServer(process.cwd(), API_TOKEN, env)),
  );
  const bases = servers.map((s) => `http://127.0.0.1:${s.port}`);
  // Warm, as replicas in service are: a cold process compiles on its first requests, and a Redis reply
  // that waits behind that loses to its 1 s timeout (the breaker opens: per-process fallback for a moment).
  for (const [r, base] of bases.entries()) for (let i = 0; i < 5; i++) await search(base, `warm ${r} ${i}`);
  for (const base of bases)
    for (let i = 0; i < 50; i++) {
      const { status } = (await (await fetch(`${base}/readyz`)).json()) as { status: string };
      if (status === 'ready') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  slack.reset();
  await cluster.flush();
  return {
    bases,
    close: async () => {
      await Promise.all(
        servers.map((s) => new Promise((resolve) => s.child.once('exit', resolve).kill('SIGTERM'))),
      );
    },
  };
}

/** search.messages calls the replicas made, by outcome (ok, rate_limited, …), from their /metrics. */
async function slackOutcomes(bases: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const base of bases) {
    const text = await (await fetch(`${base}/metrics`, { headers })).text();
    for (const m of text.matchAll(/slack_calls_total\{method="search\.messages",outcome="([^"]+)"\} (\d+)/g))
      out[m[1]] = (out[m[1]] ?? 0) + Number(m[2]);
  }
  return out;
}
const search = async (base: string, query: string) =>
  (await fetch(`${base}/search/messages?query=${encodeURIComponent(query)}`, { headers })).status;
const tally = (statuses: number[]) =>
  JSON.stringify(
    Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length])),
  );

try {
  {
    const slack = await startFakeSlack();
    const config = configFor(slack);
    const app = await buildApp({ config, redis: createConfiguredRedis(config), defaultMetrics: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 36; i++) statuses.push(await search(base, `deploy -x${i}`));
    const perMaster = [...(await cluster.keysByMaster('as:v1:answer:*')).entries()].map(
      ([p, k]) => `:${p} ${k.length}`,
    );
    const stored = [...(await cluster.keysByMaster('as:v1:answer:*')).values()].flat().length;
    console.log(`36 different searches on a 3-master cluster: statuses ${tally(statuses)}`);
    console.log(
      `  answers stored per master: ${perMaster.join(', ')}; stored ${stored} of 36 (lost ${36 - stored})`,
    );
    await app.close();
    const url = `redis://127.0.0.1:${cluster.ports[0]}`;
    const standalone = configFor(slack, { REDIS_CLUSTER_NODES: undefined, REDIS_URL: url });
    const refused = await buildApp({ config: standalone, redis: createConfiguredRedis(standalone) }).then(
      (app) => app.close().then(() => 'started (not refused!)'),
      (err: Error) => `refused: ${err.message.slice(0, 110)}…`,
    );
    console.log(`  REDIS_URL=${url} (one cluster node) instead: ${refused}`);
    await slack.close();
    await cluster.flush();
  }
  {
    const slack = await startFakeSlack();
    const three = await replicas(3, configFor(slack), slack);
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => search(three.bases[i % 3], 'deploy')),
    );
    console.log(
      `100 identical concurrent searches over 3 replicas on the cluster: statuses ${tally(statuses)}, Slack search.messages calls ${slack.count('search.messages')}`,
    );
    await three.close();
    await slack.close();
    await cluster.flush();
  }
  for (const shared of [true, false]) {
    // Slack's Tier 2: 20 search.messages a minute per workspace; our gate paces to the same (SLACK_RATE_PRESET=tier).
    const slack = await startFakeSlack({ rateLimits: true });
    const overrides: Partial<Config> = { SLACK_RATE_PRESET: 'tier', REQUEST_DEADLINE_MS: 2000 };
    const config = configFor(slack, shared ? overrides : { ...overrides, REDIS_CLUSTER_NODES: undefined });
    const three = await replicas(3, config, slack);
    const warmup = await slackOutcomes(three.bases);
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => search(three.bases[i % 3], `incident -y${i}`)),
    );
    const outcomes = await slackOutcomes(three.bases);
    for (const [k, v] of Object.entries(warmup)) outcomes[k] = (outcomes[k] ?? 0) - v;
    const calls = Object.values(outcomes).reduce((a, b) => a + b, 0);
    console.log(
      `60 different searches, one identity, 3 replicas, rate gate ${shared ? 'shared on the cluster' : 'per process (baseline)'}: Slack calls ${calls}, Slack 429s ${outcomes.rate_limited ?? 0}; our answers ${tally(statuses)}`,
    );
    await three.close();
    await slack.close();
    await cluster.flush();
  }
} finally {
  await cluster.stop();
}
