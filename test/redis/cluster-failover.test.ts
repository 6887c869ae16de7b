import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OTHER_TOKEN, type FakeSlack, startFakeSlack } from '../../fake-slack/index.js';
import { authHeaders, buildHarness, get, type Harness } from '../helper.js';
import { type RedisCluster, startRedisCluster } from '../support/redis-cluster.js';
import { waitFor } from '../support/wait-for.js';

// A master of a 3+3 cluster dies under load: no request fails, nobody gets another identity's answer, and
// shared caching, coalescing and rate gates come back by themselves once its replica is promoted.

let cluster: RedisCluster;
let slack: FakeSlack;
let replicas: Harness[];

const IDENTITIES = [authHeaders(), authHeaders({ 'x-slack-token': DEMO_OTHER_TOKEN })];
// `from:me` answers differ by identity: a mix-up would show.
const QUERIES = ['from%3Ame', 'deploy', 'from%3Ame%20deploy', 'incident'];

beforeAll(async () => {
  [cluster, slack] = await Promise.all([
    startRedisCluster({ replicasPerMaster: 1, nodeTimeoutMs: 1000 }),
    startFakeSlack(),
  ]);
  const options = {
    slack,
    redisClusterNodes: cluster.nodes,
    redisBreaker: { breakerOpenMs: 1000, probeMs: 500 },
  };
  replicas = [await buildHarness(options), await buildHarness(options)];
}, 30_000);
afterAll(async () => {
  for (const h of replicas ?? []) await h.close();
  await slack?.close();
  await cluster?.stop();
});

const ready = async () =>
  (
    await Promise.all(replicas.map(async (h) => (await h.app.inject({ url: '/readyz' })).json().status))
  ).every((s) => s === 'ready');

describe('failover of a Redis Cluster master under load', () => {
  it('fails no request and resumes shared state once the replica is promoted', {
    timeout: 60_000,
  }, async () => {
    // What each identity must get for each query.
    const expected = new Map<string, unknown>();
    for (const [i, headers] of IDENTITIES.entries())
      for (const q of QUERIES)
        expected.set(`${i}:${q}`, (await get(replicas[0].app, `/search/messages?query=${q}`, headers)).body);
    expect(expected.get('0:from%3Ame')).not.toEqual(expected.get('1:from%3Ame'));

    const counts = { sent: 0, failed: 0, foreign: 0 };
    let running = true;
    const load = replicas.map(async (h, r) => {
      for (let n = 0; running; n++) {
        const i = (n + r) % 2;
        const q = QUERIES[n % QUERIES.length];
        const res = await get(h.app, `/search/messages?query=${q}`, IDENTITIES[i]);
        counts.sent++;
        if (res.status !== 200) counts.failed++;
        else if (JSON.stringify(res.body) !== JSON.stringify(expected.get(`${i}:${q}`))) counts.foreign++;
        // A steady load, not a busy loop that starves the Redis watcher's PING of the event loop.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    await waitFor(() => counts.sent > 40, 'load before the kill', 10_000);

    const [victim] = await cluster.masters();
    await cluster.kill(victim);
    const killedAt = Date.now();
    await waitFor(
      async () => !(await cluster.masters()).includes(victim) && (await cluster.masters()).length === 3,
      'a promoted replica',
      20_000,
    );

    // Shared state is back when a new answer lands in the cluster, identical concurrent searches on both
    // replicas make one Slack call, and a 429 marker set by one replica holds the other back.
    let probe = 0;
    const shared = async () => {
      if (!(await ready())) return false;
      const q = `resume${probe++}`;
      const before = slack.count('search.messages');
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, k) => get(replicas[k % 2].app, `/search/messages?query=${q}`)),
      );
      if (burst.some((b) => b.status !== 200) || slack.count('search.messages') - before !== 1) return false;
      const stored = [...(await cluster.keysByMaster('as:v1:answer:*')).values()].flat().length > 0;
      const team = `TFAIL${probe}`;
      await replicas[0].app.cache.gate.block(team, 'search.messages', Date.now() + 60_000);
      const held = await replicas[1].app.cache.gate.acquire(team, 'search.messages', Date.now()).then(
        () => false,
        () => true,
      );
      return stored && held;
    };
    const sharedOrPause = async () => {
      if (await shared()) return true;
      await new Promise((resolve) => setTimeout(resolve, 200));
      return false;
    };
    await waitFor(sharedOrPause, 'shared cache, coalescing and rate gates after the failover', 30_000);
    const resumedSeconds = (Date.now() - killedAt) / 1000;
    running = false;
    await Promise.all(load);

    expect({ failed: counts.failed, foreign: counts.foreign }).toEqual({ failed: 0, foreign: 0 });
    expect(counts.sent).toBeGreaterThan(100);
    expect(resumedSeconds).toBeLessThan(30);
  });
});
