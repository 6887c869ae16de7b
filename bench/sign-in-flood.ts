// A flood of anonymous authorization requests against sign-in, and a signed-in person meanwhile.
// `node --expose-gc --import tsx bench/sign-in-flood.ts` (REQUESTS=10000 STATE_CHARS=15000 by default).
//
// For each store (process memory; one Redis with maxmemory and allkeys-lru, as the cache is run; and, where
// the code has SIGN_IN_REDIS_URL, the cache's Redis plus a noeviction one for sign-in) and each source (one
// address; a new loopback address 127.0.x.y per request, through X-Forwarded-For and TRUST_PROXY), REQUESTS
// GET /oauth/authorize with a STATE_CHARS state, 8 at a time. Every 250 requests the person signed in
// before makes a REST search with their access token and refreshes it. Printed: the flood's statuses, the
// p50 and p99 of an authorize, what the flood left stored (Redis: used_memory growth and pending keys;
// memory: heap growth after GC), and the person's statuses. Then the memory record store's cost per insert
// once it holds 100,000 records.
import { Redis } from 'ioredis';
import type { FakeSlack } from '../fake-slack/index.js';
import { MemoryRecordStore } from '../src/sign-in/record-store.js';
import {
  authorizeUrl,
  register,
  searchStatus,
  token,
  tokensFor,
} from '../test/sign-in/attacks/attack-kit.js';
import { startOAuthSlack, startReplica } from '../test/sign-in/sign-in-harness.js';
import { type RedisServer, startRedisServer } from '../test/support/redis-server.js';

const REQUESTS = Number(process.env.REQUESTS ?? 10_000);
const STATE_CHARS = Number(process.env.STATE_CHARS ?? 15_000);
const CONCURRENCY = 8;
const PERSON_EVERY = 250;
const gc = (globalThis as { gc?: () => void }).gc;

type Store = 'memory' | 'redis allkeys-lru 64mb' | 'redis + SIGN_IN_REDIS_URL noeviction';
type Source = 'one address' | 'many addresses';

const count = (into: Record<string, number>, key: number | string) => {
  into[key] = (into[key] ?? 0) + 1;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function usedMemory(url: string) {
  const client = new Redis(url);
  const used = Number(/used_memory:(\d+)/.exec(await client.info('memory'))?.[1]);
  const pending = (await client.keys('as:v1:si:pending:*')).length;
  client.disconnect();
  return { used, pending };
}

async function run(slack: FakeSlack, store: Store, source: Source) {
  let cache: RedisServer | undefined;
  let records: RedisServer | undefined;
  if (store !== 'memory') {
    cache = await startRedisServer();
    const c = new Redis(cache.url);
    await c.config('SET', 'maxmemory', '64mb');
    await c.config('SET', 'maxmemory-policy', 'allkeys-lru');
    c.disconnect();
  }
  if (store === 'redis + SIGN_IN_REDIS_URL noeviction') records = await startRedisServer();
  let replica: Awaited<ReturnType<typeof startReplica>>;
  try {
    replica = await startReplica({
      slack,
      redisUrl: cache?.url,
      config: { TRUST_PROXY: '127.0.0.1', ...(records ? { SIGN_IN_REDIS_URL: records.url } : {}) },
    });
  } catch (err) {
    // Sign-in on a Redis that evicts is refused at start.
    await cache?.stop();
    await records?.stop();
    const refused = `refused at start: ${(err as Error).message.slice(0, 80)}…`;
    return { store, source, flood: refused, p50: '-', p99: '-', stored: '-', person: '-' };
  }
  const recordsUrl = records?.url ?? cache?.url;
  try {
    const clientId = await register(replica.base);
    let { tokens } = await tokensFor(replica.base, clientId);
    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const before = recordsUrl ? await usedMemory(recordsUrl) : undefined;
    const flood: Record<string, number> = {};
    const person: Record<string, number> = {};
    const ms: number[] = [];
    let next = 0;
    const state = 's'.repeat(STATE_CHARS);
    const worker = async () => {
      for (let i = next++; i < REQUESTS; i = next++) {
        const address = source === 'one address' ? '198.51.100.7' : `127.0.${(i >> 8) & 255}.${i & 255}`;
        const started = performance.now();
        const res = await fetch(authorizeUrl(replica.base, clientId, { state }), {
          headers: { 'x-forwarded-for': address },
        });
        await res.arrayBuffer();
        ms.push(performance.now() - started);
        count(flood, res.status);
        if (i % PERSON_EVERY === 0) {
          count(person, `search ${await searchStatus(replica.base, tokens.access_token as string)}`);
          const refreshed = await token(replica.base, {
            grant_type: 'refresh_token',
            refresh_token: tokens.refresh_token as string,
            client_id: clientId,
          });
          count(person, `refresh ${refreshed.status}`);
          if (refreshed.status === 200) tokens = refreshed.body as Record<string, string>;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    gc?.();
    const after = recordsUrl ? await usedMemory(recordsUrl) : undefined;
    const stored =
      before && after
        ? `${((after.used - before.used) / 1024 / 1024).toFixed(1)} MB used_memory, ${after.pending} pending keys`
        : `${((process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024).toFixed(1)} MB heap`;
    const sorted = ms.sort((a, b) => a - b);
    return {
      store,
      source,
      flood: JSON.stringify(flood),
      p50: percentile(sorted, 50).toFixed(1),
      p99: percentile(sorted, 99).toFixed(1),
      stored,
      person: JSON.stringify(person),
    };
  } finally {
    await replica.app.close();
    await cache?.stop();
    await records?.stop();
  }
}

/** Microseconds per insert into a memory record store that already holds 100,000 live records. */
async function memoryStoreInsert() {
  const store = new MemoryRecordStore(Date.now, 100_000);
  for (let i = 0; i < 100_000; i++) await store.set(`person:${i}`, 'x', 3_600_000);
  let refused = 0;
  const started = performance.now();
  for (let i = 0; i < 200; i++) await store.set(`pending:${i}`, 'x', 600_000).catch(() => refused++);
  const perInsert = ((performance.now() - started) / 200) * 1000;
  const kept = (await store.get('person:0')) === 'x';
  return { perInsert: perInsert.toFixed(0), refused, personZeroKept: kept };
}

const slack = await startOAuthSlack();
const withOwnRedis =
  (await import('../src/config.js')).ConfigSchema.properties.SIGN_IN_REDIS_URL !== undefined;
const stores: Store[] = ['memory', 'redis allkeys-lru 64mb'];
if (withOwnRedis && process.env.OWN_REDIS !== '0') stores.push('redis + SIGN_IN_REDIS_URL noeviction');
const rows = [];
try {
  for (const store of stores)
    for (const source of ['one address', 'many addresses'] as Source[]) {
      const row = await run(slack, store, source);
      console.error(JSON.stringify(row));
      rows.push(row);
    }
} finally {
  await slack.close();
}
console.log(
  `\n${REQUESTS} anonymous GET /oauth/authorize, state ${STATE_CHARS} characters, ${CONCURRENCY} at a time\n`,
);
console.log('| store | source | flood statuses | p50 ms | p99 ms | left stored | person meanwhile |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows)
  console.log(`| ${r.store} | ${r.source} | ${r.flood} | ${r.p50} | ${r.p99} | ${r.stored} | ${r.person} |`);
const m = await memoryStoreInsert();
console.log(
  `\nmemory record store holding 100,000 live records: ${m.perInsert} µs per insert; ${m.refused}/200 refused; the oldest person's record kept: ${m.personZeroKept}`,
);
