// Slack calls per burst of identical requests, and a cache hit against a cache miss, through app.inject
// against the fake Slack — in memory and in Redis. Run alone with `npx tsx bench/slack-cache.ts`.
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { DEMO_USER_TOKEN, type FakeSlack, startFakeSlack } from '../fake-slack/index.js';
import { buildApp } from '../src/app.js';
import { defaultConfig } from '../src/config.js';
import { createRedisClient } from '../src/redis/redis-client.js';
import { type RedisServer, startRedisServer } from '../test/support/redis-server.js';
import { formatTable } from './format-table.js';

const API_TOKEN = 'bench-api-token';
const ROUNDS = 3;
const headers = { authorization: `Bearer ${API_TOKEN}` };

type Backend = 'memory' | 'redis';

export interface CacheFigures {
  missP50Ms: number;
  hitP50Ms: number;
  missRps: number;
  hitRps: number;
}

export interface SlackCacheFigures {
  callsPer100: Record<string, number>;
  latency: Partial<Record<Backend, CacheFigures>>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
let unique = 0;
const freshQuery = () => `/search/messages?query=deploy+q${++unique}`;

async function app(slack: FakeSlack, redisUrl?: string): Promise<FastifyInstance> {
  const config = defaultConfig({
    API_TOKENS: API_TOKEN,
    SLACK_API_URL: slack.url,
    SLACK_USER_TOKEN: DEMO_USER_TOKEN,
    // Measures search.messages and its cache; Real-time Search answers are never cached.
    SLACK_SEARCH_BACKEND: 'legacy',
    LOG_LEVEL: 'silent',
    REDIS_URL: redisUrl,
  });
  const instance = await buildApp({
    config,
    logger: false,
    redis: redisUrl ? createRedisClient(redisUrl) : undefined,
  });
  await instance.ready();
  return instance;
}

async function hit(instance: FastifyInstance, url: string): Promise<number> {
  const started = performance.now();
  const res = await instance.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return performance.now() - started;
}

/** Slack calls made for 100 identical requests sent at once, spread over the given instances. */
async function callsPer100(slack: FakeSlack, instances: FastifyInstance[]): Promise<number> {
  const url = freshQuery();
  const before = slack.count('search.messages');
  await Promise.all(Array.from({ length: 100 }, (_, i) => hit(instances[i % instances.length], url)));
  return slack.count('search.messages') - before;
}

async function throughput(instance: FastifyInstance, urls: () => string, total: number): Promise<number> {
  let left = total;
  const started = performance.now();
  const worker = async () => {
    while (left-- > 0) await hit(instance, urls());
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return total / ((performance.now() - started) / 1000);
}

async function hitVersusMiss(instance: FastifyInstance): Promise<CacheFigures> {
  const rounds: CacheFigures[] = [];
  const warm = freshQuery();
  await hit(instance, warm);
  // Round -1 only warms the JIT and connections up; it is not counted.
  for (let round = -1; round < ROUNDS; round++) {
    const misses: number[] = [];
    for (let i = 0; i < 100; i++) misses.push(await hit(instance, freshQuery()));
    const hits: number[] = [];
    for (let i = 0; i < 300; i++) hits.push(await hit(instance, warm));
    const figures = {
      missP50Ms: median(misses),
      hitP50Ms: median(hits),
      missRps: await throughput(instance, freshQuery, 400),
      hitRps: await throughput(instance, () => warm, 2000),
    };
    if (round >= 0) rounds.push(figures);
  }
  const pick = (k: keyof CacheFigures) => median(rounds.map((r) => r[k]));
  return {
    missP50Ms: pick('missP50Ms'),
    hitP50Ms: pick('hitP50Ms'),
    missRps: pick('missRps'),
    hitRps: pick('hitRps'),
  };
}

function print(figures: SlackCacheFigures, log: (line: string) => void) {
  log(`\n## Slack cache (fake Slack on loopback, app.inject; medians of ${ROUNDS} rounds)\n`);
  const calls = Object.entries(figures.callsPer100);
  log(
    formatTable(
      ['Slack calls per 100 identical concurrent requests', 'calls'],
      calls.map(([k, n]) => [k, `${n}`]),
    ),
  );
  log(`\ntarget 1: ${calls.every(([, n]) => n === 1) ? 'PASS' : 'FAIL'}\n`);
  const rows: string[][] = [];
  for (const [backend, f] of Object.entries(figures.latency) as Array<[Backend, CacheFigures]>) {
    rows.push([backend, 'miss', f.missP50Ms.toFixed(3), f.missRps.toFixed(0)]);
    rows.push([backend, 'hit', f.hitP50Ms.toFixed(3), f.hitRps.toFixed(0)]);
    rows.push([
      backend,
      'hit vs miss',
      `${(f.missP50Ms / f.hitP50Ms).toFixed(1)}× faster`,
      `${(f.hitRps / f.missRps).toFixed(1)}× more`,
    ]);
  }
  log(formatTable(['cache', 'request', 'p50 latency (ms)', 'throughput (req/s, 16 in flight)'], rows));
}

export async function benchSlackCache(log: (line: string) => void = console.log): Promise<SlackCacheFigures> {
  const slack = await startFakeSlack();
  let redis: RedisServer | undefined;
  try {
    redis = await startRedisServer();
  } catch (err) {
    log(`  (Redis figures skipped: ${(err as Error).message})`);
  }
  const figures: SlackCacheFigures = { callsPer100: {}, latency: {} };
  const apps: FastifyInstance[] = [];
  try {
    const memory = await app(slack);
    apps.push(memory);
    const median3 = async (instances: FastifyInstance[]) =>
      median([
        await callsPer100(slack, instances),
        await callsPer100(slack, instances),
        await callsPer100(slack, instances),
      ]);
    figures.callsPer100.memory = await median3([memory]);
    figures.latency.memory = await hitVersusMiss(memory);
    if (redis) {
      const [a, b] = [await app(slack, redis.url), await app(slack, redis.url)];
      apps.push(a, b);
      figures.callsPer100.redis = await median3([a]);
      figures.callsPer100['two replicas on one Redis'] = await median3([a, b]);
      figures.latency.redis = await hitVersusMiss(a);
    }
  } finally {
    await Promise.all(apps.map((a) => a.close()));
    await slack.close();
    await redis?.stop();
  }
  print(figures, log);
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchSlackCache();
