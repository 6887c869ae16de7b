// Audit records per second one replica writes, by where they go, and what the audit adds to a cached search.
// `npx tsx bench/audit.ts` (needs redis-server on PATH). Each figure: the median of 5 rounds.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { createAudit } from '../src/governance/audit/audit.js';
import { type AuditSettings, audited } from '../src/governance/audit/audit-read.js';
import { auditClient, personWho, tokenWho } from '../src/governance/audit/interned.js';
import type { AuditClient, AuditRecord, AuditWho } from '../src/governance/audit/record.js';
import { startRedisServer } from '../test/support/redis-server.js';
import { AUTH, startLoadTargets } from './load-targets.js';

const RECORDS = 50_000;
const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** A search's record: 20 messages returned, as GET /search/messages?count=20 leaves. */
const record = (n: number): AuditRecord => ({
  time: new Date(Date.now() + n).toISOString(),
  request_id: `b3f1c2a4-0b7d-4c55-9a3e-${String(n).padStart(12, '0')}`,
  who: { kind: 'person', id: 'T07ACMEDMO:U07MAYACHN', team_id: 'T07ACMEDMO', user_id: 'U07MAYACHN' },
  client: { via: 'mcp', id: 'asc_0123456789abcdef', name: 'Claude Desktop', mcp_name: 'claude-ai' },
  read: 'search-messages',
  params: { query: 'deploy failed prod', count: 20, response_format: 'concise', max_text_chars: 1000 },
  status: 'ok',
  http_status: 200,
  duration_ms: 12.4,
  returned: {
    counts: { messages: 20, channels: 3 },
    channels: ['C07ENGINRG', 'C07INCIDNT', 'C07GENERAL'],
    messages: [{ channel: 'C07ENGINRG', ts: Array.from({ length: 20 }, (_, i) => `17727216${i}5.344142`) }],
    files: [],
    truncated: false,
  },
  backend: 'search.messages',
  slack_calls: 1,
  cache: 'MISS',
  policy: null,
});

async function recordsPerSecond(setup: { AUDIT_LOG: string; redis?: Redis }): Promise<number> {
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await setup.redis?.flushall();
    const { trail } = createAudit(
      {
        AUDIT_LOG: setup.AUDIT_LOG,
        AUDIT_RECORD_QUERIES: 'true',
        AUDIT_MAX_RECORDS: 10_000,
        AUDIT_RETENTION_HOURS: 168,
        AUDIT_QUEUE_MAX: RECORDS,
      },
      { clock: Date.now, redis: setup.redis },
    );
    const started = performance.now();
    for (let n = 0; n < RECORDS; n++) trail.write(record(n));
    await trail.flush();
    const seconds = (performance.now() - started) / 1000;
    await trail.close();
    if (trail.counts.written !== RECORDS) throw new Error(`wrote ${JSON.stringify(trail.counts)}`);
    rates.push(RECORDS / seconds);
  }
  return median(rates);
}

const dir = mkdtempSync(join(tmpdir(), 'bench-audit-'));
const server = await startRedisServer();
const redis = new Redis(server.url);
try {
  const rows: Array<[string, number]> = [
    ['memory window only', await recordsPerSecond({ AUDIT_LOG: 'off' })],
    ['memory window + JSON lines to a file', await recordsPerSecond({ AUDIT_LOG: join(dir, 'a.jsonl') })],
    ['Redis window only', await recordsPerSecond({ AUDIT_LOG: 'off', redis })],
    [
      'Redis window + JSON lines to a file',
      await recordsPerSecond({ AUDIT_LOG: join(dir, 'b.jsonl'), redis }),
    ],
  ];
  console.log(
    `audit records written per second (${RECORDS} search records of 20 messages, median of ${ROUNDS}):`,
  );
  for (const [name, rate] of rows)
    console.log(`  ${name.padEnd(40)} ${Math.round(rate).toLocaleString('en')}/s`);
} finally {
  redis.disconnect();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

// What one read's record costs the process, apart from HTTP: a read that answers at once with the cached
// concise search's body (what a cache hit hands the audit), bare, then wrapped by `audited` with its record
// dropped as soon as it is queued (AUDIT_QUEUE_MAX=0: the wrapper alone), kept in the memory window, and kept
// and written to a file (the default with AUDIT_LOG set); then the same for a signed-in person's read through a
// named MCP client, whose who and client are interned, and as they were made before, new for every read.
// 5,000 reads a round with a 50 ms pause after each 100, as a replica serving 2,000 reads a second gathers them;
// CPU per read above the bare read, the variants interleaved, median of 7 rounds.
async function recordCost(): Promise<void> {
  const READS = 5000;
  // The answer and the parameters (its defaults filled in) as the route hands them to the audit: its record's.
  const t = await startLoadTargets({ AUDIT_LOG: 'off' });
  const reply = await t.app.inject({ url: '/search/messages?query=deploy', headers: AUTH });
  await t.app.audit.trail.flush();
  const [kept] = (await t.app.audit.trail.store?.scan(undefined, 1)) ?? [];
  await t.close();
  if (!kept) throw new Error('the search left no audit record');
  const answer = {
    body: reply.json() as Record<string, unknown>,
    cache: 'HIT' as const,
    policy: { removed: 0, redacted: {} },
  };
  const params = () => ({ ...kept.record.params });
  type Caller = {
    requestId: string;
    who: AuditWho;
    client: AuditClient;
    deadline: number;
    slackAccess: () => object;
  };
  // An API token's read over REST: its who and client, one object each for all its reads.
  const who = tokenWho('api-token-1');
  const client = auditClient('rest');
  const token = (): Caller => ({
    requestId: randomUUID(),
    who,
    client,
    deadline: 0,
    slackAccess: () => ({}),
  });
  // A signed-in person's read through an MCP client that names itself: their who and client as the front ends
  // make them (interned), and as they were made before, new for every read.
  const person = (): Caller => ({
    ...token(),
    who: personWho('T07ACMEDMO', 'U07MAYACHN'),
    client: auditClient('mcp', 'asc_0123456789abcdef', 'Claude Desktop', 'claude-ai'),
  });
  const personBefore = (): Caller => ({
    ...token(),
    who: { kind: 'person', id: 'T07ACMEDMO:U07MAYACHN', team_id: 'T07ACMEDMO', user_id: 'U07MAYACHN' },
    client: { via: 'mcp', id: 'asc_0123456789abcdef', name: 'Claude Desktop', mcp_name: 'claude-ai' },
  });
  const read = async (_caller: unknown, _params: unknown) => answer;
  const logs = mkdtempSync(join(tmpdir(), 'bench-audit-cost-'));
  // A trail as createAudit makes it: a window of 10,000 records, queueing at most `queueMax`, lines to `file`.
  const auditOf = (queueMax: number, file?: string) =>
    createAudit(
      {
        AUDIT_LOG: file ? join(logs, file) : 'off',
        AUDIT_RECORD_QUERIES: 'true',
        AUDIT_MAX_RECORDS: 10_000,
        AUDIT_RETENTION_HOURS: 168,
        AUDIT_QUEUE_MAX: queueMax,
      },
      { clock: Date.now },
    );
  const variants: Array<[string, AuditSettings | undefined, () => Caller]> = [
    ['the read alone', undefined, token],
    ['record dropped when queued (the wrapper)', auditOf(0), token],
    ['record kept in the memory window', auditOf(100_000), token],
    ['… and written to a file', auditOf(100_000, 'a.jsonl'), token],
    ['… a person over MCP', auditOf(100_000, 'b.jsonl'), person],
    ['… a person over MCP, who and client made per read', auditOf(100_000, 'c.jsonl'), personBefore],
  ];
  const cpu = variants.map(() => [] as number[]);
  try {
    for (let round = 0; round < 7; round++)
      for (const [i, [, settings, caller]] of variants.entries()) {
        const run = settings ? audited(settings, 'search-messages', read) : read;
        const started = process.cpuUsage();
        for (let n = 0; n < READS; n++) {
          await run(caller(), params());
          if (n % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await settings?.trail.flush();
        const used = process.cpuUsage(started);
        cpu[i]?.push((used.user + used.system) / READS);
      }
  } finally {
    for (const [, settings] of variants) await settings?.trail.close();
    rmSync(logs, { recursive: true, force: true });
  }
  const bare = median(cpu[0] as number[]);
  console.log(
    `one read's record (the cached concise search's answer, ${reply.rawPayload.length} bytes), CPU per read above the read alone, median of 7:`,
  );
  for (const [i, [name]] of variants.entries())
    if (i > 0) {
      const more = median(cpu[i] as number[]) - bare;
      console.log(`  ${name.padEnd(52)} ${more < 0 ? '−' : '+'}${Math.abs(more).toFixed(2)} µs`);
    }
}
await recordCost();

// A cached search through the whole app (inject: no sockets), audit on (memory window) against off: two apps
// in this process, their rounds interleaved; CPU time per search (process.cpuUsage), which other processes on a
// shared machine disturb less than wall time, and wall time beside it.
const SEARCHES = 2000;
const url = '/search/messages?query=deploy&count=20';
const off = await startLoadTargets({ AUDIT_MAX_RECORDS: 0, AUDIT_LOG: 'off' });
const on = await startLoadTargets({});
try {
  for (const t of [off, on]) for (let i = 0; i < 500; i++) await t.app.inject({ url, headers: AUTH });
  const cpu = { off: [] as number[], on: [] as number[] };
  const wall = { off: [] as number[], on: [] as number[] };
  for (let round = 0; round < 7; round++)
    for (const [name, t] of [
      ['off', off],
      ['on', on],
    ] as const) {
      const startedCpu = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < SEARCHES; i++) await t.app.inject({ url, headers: AUTH });
      const used = process.cpuUsage(startedCpu);
      cpu[name].push((used.user + used.system) / SEARCHES);
      wall[name].push(((performance.now() - started) * 1000) / SEARCHES);
    }
  const line = (what: string, m: { off: number[]; on: number[] }) =>
    `${what}: off ${median(m.off).toFixed(1)} µs, on ${median(m.on).toFixed(1)} µs, ${(median(m.on) / median(m.off)).toFixed(3)}×`;
  console.log(`cached search, ${SEARCHES} a round, median of 7 interleaved rounds:`);
  console.log(`  ${line('CPU per search', cpu)}`);
  console.log(`  ${line('wall per search', wall)}`);
} finally {
  await off.close();
  await on.close();
}
