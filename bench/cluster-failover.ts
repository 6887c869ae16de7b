// A master of a 3+3 Redis Cluster is killed while three replicas of the service (app instances in this
// process, each its own cluster client and HTTP port) serve searches over HTTP, two identities mixed.
// `npx tsx bench/cluster-failover.ts`. Prints requests sent, status counts, answers that were not the
// asker's own (must be 0), and the seconds from the kill until shared caching, coalescing and the rate gate
// work across replicas again.
import { DEMO_OTHER_TOKEN, DEMO_USER_TOKEN, startFakeSlack } from '../fake-slack/index.js';
import { buildApp } from '../src/app.js';
import { defaultConfig } from '../src/config.js';
import { createRedisClusterClient } from '../src/redis/redis-client.js';
import { startRedisCluster } from '../test/support/redis-cluster.js';

const API_TOKEN = 'bench-api-token';
const NODE_TIMEOUT_MS = Number(process.env.NODE_TIMEOUT_MS ?? 1000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cluster = await startRedisCluster({ replicasPerMaster: 1, nodeTimeoutMs: NODE_TIMEOUT_MS });
const slack = await startFakeSlack();
const config = defaultConfig({
  API_TOKENS: API_TOKEN,
  SLACK_API_URL: slack.url,
  SLACK_USER_TOKEN: DEMO_USER_TOKEN,
  SLACK_SEARCH_BACKEND: 'legacy',
  LOG_LEVEL: (process.env.LOG_LEVEL as 'warn') ?? 'silent',
  REDIS_CLUSTER_NODES: cluster.nodes,
  KEY_HASH_SECRET: 'bench-cluster-key-hash-secret',
});
const apps = await Promise.all(
  [1, 2, 3].map(() =>
    buildApp({ config, redis: createRedisClusterClient(cluster.nodes), defaultMetrics: false }),
  ),
);
const bases = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
const tokens = [DEMO_USER_TOKEN, DEMO_OTHER_TOKEN];
const QUERIES = ['from:me', 'deploy', 'from:me deploy', 'incident'];

async function search(base: string, token: string, query: string) {
  const res = await fetch(`${base}/search/messages?query=${encodeURIComponent(query)}`, {
    headers: { authorization: `Bearer ${API_TOKEN}`, 'x-slack-token': token },
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: await res.text() };
}

try {
  const expected = new Map<string, string>();
  for (const token of tokens)
    for (const q of QUERIES) expected.set(`${token} ${q}`, (await search(bases[0], token, q)).body);
  const statuses = new Map<number, number>();
  let foreign = 0;
  let sent = 0;
  let running = true;
  const load = bases.map(async (base, r) => {
    for (let n = r; running; n++) {
      const token = tokens[n % 2];
      const q = QUERIES[Math.floor(n / 2) % QUERIES.length];
      sent++;
      const res = await search(base, token, q).catch(() => ({ status: 0, body: '' }));
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 200 && res.body !== expected.get(`${token} ${q}`)) foreign++;
    }
  });
  await sleep(2000);
  const [victim] = await cluster.masters();
  await cluster.kill(victim);
  const killedAt = Date.now();
  const log = (what: string) => console.error(`${((Date.now() - killedAt) / 1000).toFixed(1)} s: ${what}`);
  log(`killed master :${victim}`);

  let probe = 0;
  let promotedAt = 0;
  for (;;) {
    await sleep(250);
    const masters = await cluster.masters().catch((): number[] => []);
    if (!promotedAt && masters.length === 3 && !masters.includes(victim)) {
      promotedAt = Date.now();
      log('replica promoted');
    }
    const ready = await Promise.all(
      bases.map(async (b) => ((await (await fetch(`${b}/readyz`)).json()) as { status: string }).status),
    );
    if (ready.some((s) => s !== 'ready')) continue;
    const q = `resume ${++probe}`;
    const before = slack.count('search.messages');
    const burst = await Promise.all(Array.from({ length: 9 }, (_, k) => search(bases[k % 3], tokens[0], q)));
    const calls = slack.count('search.messages') - before;
    const stored = [...(await cluster.keysByMaster('as:v1:answer:*')).values()].flat().length;
    const team = `TFAILOVER${probe}`;
    await apps[0].cache.gate.block(team, 'search.messages', Date.now() + 60_000);
    const held = await apps[1].cache.gate.acquire(team, 'search.messages', Date.now()).then(
      () => false,
      () => true,
    );
    log(
      `probe: statuses ${burst.map((b) => b.status).join(',')}, slack calls ${calls}, answers stored ${stored}, gate shared ${held}`,
    );
    if (promotedAt && burst.every((b) => b.status === 200) && calls === 1 && stored > 0 && held) break;
    if (Date.now() - killedAt > 60_000) throw new Error('shared state did not resume within 60 s');
  }
  const resumed = (Date.now() - killedAt) / 1000;
  await sleep(1000);
  running = false;
  await Promise.all(load);
  console.log(
    `cluster-node-timeout ${NODE_TIMEOUT_MS} ms, 3 service replicas, 2 identities, ${cluster.ports.length} Redis nodes (3 masters + 3 replicas)`,
  );
  console.log(`requests sent during the run: ${sent}`);
  console.log(`status counts: ${JSON.stringify(Object.fromEntries(statuses))}`);
  console.log(`answers not the asker's own: ${foreign}`);
  console.log(`replica promoted after: ${((promotedAt - killedAt) / 1000).toFixed(1)} s`);
  console.log(`shared cache, coalescing and rate gate resumed after: ${resumed.toFixed(1)} s`);
} finally {
  for (const app of apps) await app.close();
  await slack.close();
  await cluster.stop();
}
