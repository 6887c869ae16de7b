import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autocannonRun, type Run } from './autocannon-run.js';
import { formatTable } from './format-table.js';
import { AUTH, startLoadTargets } from './load-targets.js';
import { isSide, type Side, serveSide, sideBySide, startSide } from './side-by-side.js';

const ROUNDS = Number(process.env.POLICY_ROUNDS ?? 5);
const SECONDS = Number(process.env.POLICY_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.POLICY_CONNECTIONS ?? 10);
/**
 * The offered load of the second comparison: both servers answer the same requests a second (below either's
 * most), so CPU per request compares their work alone. At full speed a slower server also pays more per
 * request for each wake-up of a client that waits on it, which the first comparison includes.
 */
const RATE = Number(process.env.POLICY_RATE ?? 2000);
/**
 * The third comparison, the one the goal is read from: each server in a process of its own, both at RATE
 * req/s at the same time (side-by-side.ts), SIDE_ROUNDS rounds of SIDE_SECONDS.
 */
const SIDE_ROUNDS = Number(process.env.POLICY_SIDE_ROUNDS ?? 25);
const SIDE_SECONDS = Number(process.env.POLICY_SIDE_SECONDS ?? 2);

/** Ten rules: three channel ids, three name patterns, no DMs for everyone, one client's kinds, two terms. */
const POLICY = {
  deny_channels: { ids: ['C0HRTEAM1', 'C0LEGAL01', 'C0FINANCE'], names: ['hr-*', 'legal', 'finance-*'] },
  conversation_kinds: { everyone: ['public', 'private', 'mpim'], clients: { 'router-prod': ['public'] } },
  redact: {
    terms: [
      { name: 'codename', literal: 'Nightjar' },
      { name: 'project', literal: 'Project Falcon' },
    ],
  },
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** One run against `url` (autocannon-run.ts). */
const load = (url: string, seconds = SECONDS, rate?: number): Promise<Run> =>
  autocannonRun(url, { connections: CONNECTIONS, seconds, headers: AUTH, rate });

async function sameBytes(bytes: Buffer) {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function main() {
  const scratch = mkdtempSync(join(tmpdir(), 'policy-bench-'));
  const path = join(scratch, 'policy.json');
  writeFileSync(path, JSON.stringify(POLICY));
  const NONE = { CACHE_MAX_ENTRIES: 10_000, AUDIT_MAX_RECORDS: 0 };
  const GOVERNED = { CACHE_MAX_ENTRIES: 10_000, POLICY_FILE: path, AUDIT_LOG: join(scratch, 'audit.jsonl') };
  const none = await startLoadTargets(NONE);
  const governed = await startLoadTargets(GOVERNED);
  const SEARCHES = [
    ['search, concise, hit', '/search/messages?query=deploy'],
    ['search, 82 matches, hit', '/search/messages?query=the&count=100'],
  ] as const;
  const rows: string[][] = [];
  try {
    for (const [name, search] of SEARCHES) {
      const warm = await governed.app.inject({ url: search, headers: AUTH });
      await none.app.inject({ url: search, headers: AUTH });
      const bare = await sameBytes(warm.rawPayload);
      const targets = {
        none: `${none.appUrl}${search}`,
        policy: `${governed.appUrl}${search}`,
        bare: bare.url,
      };
      for (const url of Object.values(targets)) await load(url, 1);
      const runs: Record<keyof typeof targets, Run[]> = { none: [], policy: [], bare: [] };
      const paced: Record<'none' | 'policy', Run[]> = { none: [], policy: [] };
      for (let round = 0; round < ROUNDS; round++) {
        const order = (round % 2 ? ['policy', 'none', 'bare'] : ['none', 'policy', 'bare']) as Array<
          keyof typeof targets
        >;
        for (const key of order) runs[key].push(await load(targets[key]));
        for (const key of round % 2 ? (['policy', 'none'] as const) : (['none', 'policy'] as const))
          paced[key].push(await load(targets[key], SECONDS, RATE));
      }
      bare.server.close();
      const perRound = runs.none.map((r, i) => (runs.policy[i] as Run).rps / r.rps);
      const cpu = runs.none.map((r, i) => (runs.policy[i] as Run).cpuUs / r.cpuUs);
      const toBare = runs.policy.map((r, i) => r.rps / (runs.bare[i] as Run).rps);
      const pacedCpu = paced.none.map((r, i) => (paced.policy[i] as Run).cpuUs / r.cpuUs);
      rows.push([
        name,
        String(warm.rawPayload.length),
        median(runs.none.map((r) => r.rps)).toFixed(0),
        median(runs.policy.map((r) => r.rps)).toFixed(0),
        median(perRound).toFixed(3),
        perRound.map((r) => r.toFixed(2)).join(' '),
        `${median(runs.none.map((r) => r.cpuUs)).toFixed(0)} / ${median(runs.policy.map((r) => r.cpuUs)).toFixed(0)}`,
        median(cpu).toFixed(3),
        `${median(paced.none.map((r) => r.cpuUs)).toFixed(0)} / ${median(paced.policy.map((r) => r.cpuUs)).toFixed(0)}`,
        median(pacedCpu).toFixed(3),
        median(toBare).toFixed(3),
      ]);
    }
  } finally {
    await none.close();
    await governed.close();
  }
  // Side by side: both servers again, each in a process of its own, driven at once.
  const sides: Side[] = [
    await startSide(NONE),
    await startSide({ ...GOVERNED, AUDIT_LOG: join(scratch, 'side.jsonl') }),
  ];
  const sideRows: string[][] = [];
  try {
    for (const [name, search] of SEARCHES) {
      const options = { connections: CONNECTIONS, seconds: SIDE_SECONDS, rate: RATE };
      await sideBySide(sides, search, { ...options, seconds: 1 });
      const none: number[] = [];
      const policy: number[] = [];
      const ratios: number[] = [];
      for (let round = 0; round < SIDE_ROUNDS; round++) {
        const [a, b] = (await sideBySide(sides, search, options)) as [number, number];
        none.push(a);
        policy.push(b);
        ratios.push(b / a);
      }
      const sorted = [...ratios].sort((x, y) => x - y);
      const quartile = (q: number) => (sorted[Math.floor(q * (sorted.length - 1))] as number).toFixed(3);
      sideRows.push([
        name,
        `${median(none).toFixed(0)} / ${median(policy).toFixed(0)}`,
        median(ratios).toFixed(3),
        `${quartile(0.25)}–${quartile(0.75)}`,
      ]);
    }
  } finally {
    for (const side of sides) await side.close();
    // The audit lines of every round (about a GB for the whole bench) are not kept.
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(
    `## Governance: ${ROUNDS} rounds × ${SECONDS} s, ${CONNECTIONS} connections; audit and a 10-rule policy against neither\n`,
  );
  console.log(
    formatTable(
      [
        'scenario',
        'bytes',
        'none req/s',
        'policy req/s',
        'req/s ratio (policy / none)',
        'per round',
        'CPU µs/req (none / policy)',
        'CPU ratio (policy / none)',
        `CPU µs/req at ${RATE} req/s (none / policy)`,
        `CPU ratio at ${RATE} req/s`,
        'policy / same-bytes req/s',
      ],
      rows,
    ),
  );
  console.log(
    `\n## Side by side: each in a process of its own, both at ${RATE} req/s at once, ${SIDE_ROUNDS} rounds × ${SIDE_SECONDS} s\n`,
  );
  console.log(
    formatTable(
      ['scenario', 'CPU µs/req (none / policy)', 'CPU ratio (policy / none)', 'middle half of rounds'],
      sideRows,
    ),
  );
}

if (isSide()) await serveSide();
else await main();
