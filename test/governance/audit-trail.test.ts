import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { audited } from '../../src/governance/audit/audit-read.js';
import type { AuditRecord } from '../../src/governance/audit/record.js';
import { MemoryAuditStore } from '../../src/governance/audit/stores.js';
import { AuditTrail } from '../../src/governance/audit/trail.js';
import { authHeaders, buildHarness, type Harness } from '../helper.js';
import { waitFor } from '../support/wait-for.js';

// Writing never slows or fails a read: a bounded queue (full: dropped and counted), a hung or failing
// store counted, the read answered all the same.

const record = (n: number): AuditRecord => ({
  time: new Date(1_772_000_000_000 + n).toISOString(),
  request_id: `r${n}`,
  who: { kind: 'local', id: 'stdio:test' },
  client: { via: 'stdio' },
  read: 'search-messages',
  params: {},
  status: 'ok',
  http_status: 200,
  duration_ms: 0,
  returned: null,
  backend: null,
  slack_calls: 0,
  cache: null,
  policy: null,
});

describe('the trail', () => {
  it('drops past AUDIT_QUEUE_MAX and counts each outcome', async () => {
    const store = new MemoryAuditStore({ maxRecords: 100, retentionMs: 1e12, clock: Date.now });
    const heard: Array<[string, number]> = [];
    const trail = new AuditTrail({ store, queueMax: 3, onOutcome: (o, n) => heard.push([o, n]) });
    for (let n = 0; n < 5; n++) trail.write(record(n));
    await trail.flush();
    expect(trail.counts).toEqual({ written: 3, dropped: 2, failed: 0 });
    expect(heard).toEqual([
      ['dropped', 1],
      ['dropped', 1],
      ['written', 3],
    ]);
    expect((await store.scan(undefined, 10)).map((r) => r.record.request_id)).toEqual(['r2', 'r1', 'r0']);
  });

  it('a store that refuses: counted as failed, reported, nothing thrown', async () => {
    const errors: Error[] = [];
    const trail = new AuditTrail({
      store: { append: async () => Promise.reject(new Error('OOM')), scan: async () => [] },
      queueMax: 10,
      onError: (err) => errors.push(err),
    });
    trail.write(record(1));
    await trail.flush();
    expect(trail.counts).toEqual({ written: 0, dropped: 0, failed: 1 });
    expect(errors.map((e) => e.message)).toEqual(['OOM']);
  });

  it('a record that cannot be made: counted as failed, the read answered all the same', async () => {
    const errors: Error[] = [];
    const store = new MemoryAuditStore({ maxRecords: 100, retentionMs: 1e12, clock: Date.now });
    const trail = new AuditTrail({ store, queueMax: 10, onError: (err) => errors.push(err) });
    const read = audited({ trail, recordQueries: true, clock: Date.now }, 'search-messages', async () => ({
      body: { ok: true },
    }));
    const caller = {
      requestId: 'r1',
      who: { kind: 'local' as const, id: 'stdio:test' },
      client: { via: 'stdio' as const },
    };
    const params = {
      get query(): string {
        throw new Error('a parameter that cannot be read');
      },
    };
    await expect(read(caller, params)).resolves.toEqual({ body: { ok: true } });
    await trail.flush();
    expect(trail.counts).toEqual({ written: 0, dropped: 0, failed: 1 });
    expect(errors.map((e) => e.message)).toEqual(['a parameter that cannot be read']);
  });
});

describe('a read while the store hangs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await buildHarness({ config: { AUDIT_QUEUE_MAX: 2 } });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await h?.close();
  });

  it('is answered at once; records past the queue are dropped and counted in /metrics', async () => {
    const store = h.app.audit.trail.store;
    if (!store) throw new Error('no store');
    let release = () => {};
    vi.spyOn(store, 'append').mockImplementationOnce(
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    const read = async () => {
      const res = await h.app.inject({ url: '/search/files?query=runbook&count=1', headers: authHeaders() });
      expect(res.statusCode).toBe(200);
    };
    const started = Date.now();
    await read();
    await waitFor(() => vi.mocked(store.append).mock.calls.length === 1, 'the store to be written to');
    for (let i = 0; i < 4; i++) await read();
    expect(Date.now() - started).toBeLessThan(3000);
    release();
    await h.app.audit.trail.flush();
    // The first went to the hung store; two queued behind it; two dropped.
    expect(h.app.audit.trail.counts).toEqual({ written: 3, dropped: 2, failed: 0 });
    const metrics = await h.app.inject({ url: '/metrics', headers: authHeaders() });
    const lines = metrics.body.split('\n').filter((l) => l.startsWith('agent_search_audit_records_total'));
    expect(lines.sort()).toEqual([
      'agent_search_audit_records_total{outcome="dropped"} 2',
      'agent_search_audit_records_total{outcome="written"} 3',
    ]);
  });
});
