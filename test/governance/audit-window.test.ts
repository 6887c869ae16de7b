import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSlack, startFakeSlack } from '../../fake-slack/index.js';
import { queryAudit } from '../../src/governance/audit/query.js';
import type { AuditRecord } from '../../src/governance/audit/record.js';
import { batchOf, partsOf } from '../../src/governance/audit/record-line.js';
import {
  AUDIT_KEY,
  type AuditStore,
  createAuditStore,
  MemoryAuditStore,
} from '../../src/governance/audit/stores.js';
import { authHeaders, buildHarness } from '../helper.js';
import { startTestRedis, type TestRedis } from '../support/test-redis.js';
import { keptRecords } from './audit-kit.js';

// The kept window on each backend: paging that sees every record once (records of one millisecond too),
// bounded by number and age, and shared by the replicas of one Redis (or Redis Cluster).

const T0 = Date.parse('2026-03-05T14:00:00.000Z');
const recordAt = (at: number, n: number, who = 'api-token-1'): AuditRecord => {
  const record: AuditRecord = {
    time: new Date(at).toISOString(),
    request_id: `r${n}`,
    who: { kind: 'token', id: who },
    client: { via: 'rest' },
    read: n % 2 ? 'search-messages' : 'thread-replies',
    params: { n },
    status: 'ok',
    http_status: 200,
    duration_ms: 1,
    returned: {
      counts: {},
      channels: n % 3 ? [] : ['C07ENGINRG'],
      messages: [],
      files: [],
      truncated: false,
    },
    backend: null,
    slack_calls: 0,
    cache: null,
    policy: null,
  };
  return record;
};
const batch = (records: AuditRecord[]) => batchOf(records.map(partsOf));

const pagesOf = async (store: AuditStore, limit: number, filters: object = {}) => {
  const seen: number[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i++) {
    const page = await queryAudit(store, { limit, ...filters, ...(cursor ? { cursor } : {}) });
    seen.push(...page.records.map((r) => r.params.n as number));
    cursor = page.next_cursor;
    if (!cursor) break;
  }
  return seen;
};

const KINDS = ['memory', 'standalone', 'cluster'] as const;

describe.each(KINDS)('the kept window on %s', (kind) => {
  let redis: TestRedis | undefined;
  let now = T0 + 10_000;
  const clock = () => now;
  const store = (maxRecords = 100, retentionMs = 3_600_000) =>
    createAuditStore(
      kind === 'memory' ? 'memory' : 'redis',
      { maxRecords, retentionMs, clock },
      redis?.client,
    );

  beforeAll(async () => {
    if (kind !== 'memory') redis = await startTestRedis(kind);
  }, 60_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it('pages newest first, each record once, records of one millisecond too, whatever order they came in', async () => {
    await redis?.flush();
    const s = store();
    // Five in one millisecond, then others around them, one arriving late (a read that took long).
    await s.append(batch([0, 1, 2, 3, 4].map((n) => recordAt(T0 + 500, n))));
    await s.append(batch([recordAt(T0 + 900, 5), recordAt(T0 + 100, 6), recordAt(T0 + 700, 7)]));
    const whole = await pagesOf(s, 200);
    expect(whole).toHaveLength(8);
    expect(new Set(whole).size).toBe(8);
    expect(whole.slice(0, 2)).toEqual([5, 7]);
    expect(whole.at(-1)).toBe(6);
    for (const limit of [1, 2, 3]) expect(await pagesOf(s, limit)).toEqual(whole);
    expect(await pagesOf(s, 2, { read: 'thread-replies' })).toEqual(whole.filter((n) => n % 2 === 0));
    expect(await pagesOf(s, 2, { channel: 'C07ENGINRG' })).toEqual(whole.filter((n) => n % 3 === 0));
    expect(
      await pagesOf(s, 2, {
        since: new Date(T0 + 500).toISOString(),
        until: new Date(T0 + 900).toISOString(),
      }),
    ).toEqual(whole.filter((n) => n !== 5 && n !== 6));
  });

  it('keeps at most AUDIT_MAX_RECORDS, the newest, and none older than the retention', async () => {
    await redis?.flush();
    const s = store(4, 60_000);
    await s.append(batch([1, 2, 3, 4, 5, 6].map((n) => recordAt(T0 + n * 1000, n))));
    expect(await pagesOf(s, 10)).toEqual([6, 5, 4, 3]);
    now = T0 + 64_500;
    await s.append(batch([recordAt(T0 + 64_000, 7)]));
    expect(await pagesOf(s, 10)).toEqual([7, 6, 5]);
    if (redis) expect(await redis.client.zcard(AUDIT_KEY)).toBe(3);
  });
});

describe('the memory window’s bytes', () => {
  it('holds AUDIT_MAX_RECORDS × 4 KB at most: the oldest lines are written over, the rest read back whole', async () => {
    const now = T0 + 10_000;
    // 100 records may be kept: 400 KB. 300 records of ~6 KB each (a long parameter, non-ASCII) are more than
    // that, written in batches of 7 as the ring grows from 64 KB to its bound and wraps.
    const s = new MemoryAuditStore({ maxRecords: 100, retentionMs: 3_600_000, clock: () => now });
    const big = (n: number) => ({
      ...recordAt(T0 + n, n),
      params: { n, note: `${'é'.repeat(n % 7)}${'x'.repeat(6000)}` },
    });
    const all = Array.from({ length: 300 }, (_, n) => big(n));
    for (let i = 0; i < all.length; i += 7) await s.append(batch(all.slice(i, i + 7)));
    const kept = (await s.scan(undefined, 1000)).map((r) => r.record);
    // What 400 KB holds (a line that would wrap is put at the start, so a little less).
    expect(kept.length).toBeGreaterThanOrEqual(60);
    expect(kept.length).toBeLessThanOrEqual(Math.floor(409_600 / 6000));
    // The newest, newest first, each exactly as written.
    expect(kept).toEqual(all.slice(-kept.length).reverse());
  });

  it('keeps what it held when it grows', async () => {
    const s = new MemoryAuditStore({ maxRecords: 1000, retentionMs: 3_600_000, clock: () => T0 + 10_000 });
    const all = Array.from({ length: 200 }, (_, n) => ({
      ...recordAt(T0 + n, n),
      params: { n, note: 'y'.repeat(1000) },
    }));
    for (const record of all) await s.append(batch([record]));
    expect((await s.scan(undefined, 1000)).map((r) => r.record)).toEqual([...all].reverse());
  });
});

describe.each(['standalone', 'cluster'] as const)('two replicas sharing %s', (kind) => {
  let redis: TestRedis;
  let slack: FakeSlack;
  beforeAll(async () => {
    [redis, slack] = await Promise.all([startTestRedis(kind), startFakeSlack()]);
  }, 60_000);
  afterAll(async () => {
    await redis?.stop();
    await slack?.close();
  });

  it('a read on one is in the other’s window, once', async () => {
    const config = { KEY_HASH_SECRET: 'audit-window-shared-secret' };
    const [a, b] = await Promise.all([
      buildHarness({ slack, config, ...redis.harness }),
      buildHarness({ slack, config, ...redis.harness }),
    ]);
    try {
      const res = await a.app.inject({ url: '/search/files?query=runbook&count=1', headers: authHeaders() });
      expect(res.statusCode).toBe(200);
      await a.app.audit.trail.flush();
      const seenByB = await keptRecords(b.app);
      expect(seenByB.map((r) => [r.read, r.request_id])).toEqual([
        ['search-files', res.headers['x-request-id']],
      ]);
      expect(await keptRecords(a.app)).toEqual(seenByB);
      // No query text or token in any key.
      expect((await redis.keys('*audit*')).sort()).toEqual([AUDIT_KEY]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
