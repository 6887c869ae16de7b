// How many agents (and people) one workspace can serve under Slack's limits (issue 36): a model in closed
// form, then the simulation (bench/capacity-sim.ts) by backend, cache hit rate and replica count, with what
// happens past the limit (who waits, who gets 429) and what stays fair between people. Assumptions are the
// constants below; docs/capacity.md explains them. `npx tsx bench/capacity-model.ts` (about a minute).
import { type SimConfig, simulate } from './capacity-sim.js';
import { formatTable } from './format-table.js';

/** An agent at work: tool calls a minute; one in ten is a heavy one making five times as many. */
const PER_AGENT = 2;
const HEAVY = 5;
const MEAN_RATE = 0.9 * PER_AGENT + 0.1 * PER_AGENT * HEAVY;
/** What agents ask: message searches, conversation reads, file reads, channel and people searches. */
const MIX = { search: 0.5, conversation: 0.25, file: 0.1, directory: 0.15 };
/** The share of a workspace's people with an agent at work in its busiest minute. */
const ACTIVE = 0.1;
/** Slack, a minute per workspace and app (legacy) or per person (RTS): Tier 2, Tier 3 (Marketplace). */
const LIMITS = { search: 20, conversation: 50, file: 20, rtsWorkspace: 400, rtsPerson: 10 };
/** Ours, a replica on one core (BENCHMARKS.md: hot path, Slack cache; bench/directory-memory.ts). */
const US = { hitPerS: 4600, missPerS: 650, directorySearchMs: 3.5 };

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(0) : n.toFixed(1));

/** Agents one workspace serves at hit rate `h`, and the limit that binds first. */
function closedForm(backend: 'legacy' | 'rts', h: number, conversationLimit: number, rtsWorkspace: number) {
  const perMethod: Array<[string, number]> = [
    backend === 'legacy'
      ? ['search.messages (Tier 2, 20/min)', LIMITS.search / (MEAN_RATE * MIX.search * (1 - h))]
      : [`RTS, ${rtsWorkspace}/min a workspace`, rtsWorkspace / (MEAN_RATE * MIX.search)],
    [
      `conversations.* (${conversationLimit}/min)`,
      conversationLimit / (MEAN_RATE * MIX.conversation * (1 - h)),
    ],
    ['search.files (Tier 2, 20/min)', LIMITS.file / (MEAN_RATE * MIX.file * (1 - h))],
  ];
  const usPerS = 1 / (h / US.hitPerS + (1 - h) / US.missPerS);
  perMethod.push(['us: one replica’s CPU', (usPerS * 60) / MEAN_RATE]);
  const [binding, agents] = perMethod.reduce((a, b) => (b[1] < a[1] ? b : a));
  return { agents, people: agents / ACTIVE, binding };
}

/** Channel and people searches only: no Slack call once the directories are loaded, so the limit is ours. */
function directoriesOnly() {
  const perS = 1000 / US.directorySearchMs;
  const agents = (perS * 60) / MEAN_RATE;
  return [
    'channel/people searches only',
    '100%',
    fmt(agents),
    fmt(agents / ACTIVE),
    'us: directory search CPU',
  ];
}

/**
 * With sign-in each person's private channels are a directory of their own: one conversations.list page per
 * person per refresh (15 min) from the same 20 a minute the public directory's refresh uses.
 */
function privateLists(publicPages: number) {
  const perWindow = (20 - publicPages / 15) * 15;
  return [
    `sign-in: people's private channel lists (public list ${publicPages} pages)`,
    '–',
    '–',
    fmt(perWindow),
    'conversations.list (Tier 2): people searching channels or #name in 15 min',
  ];
}

function closedFormTable(): string {
  const rows: string[][] = [directoriesOnly(), privateLists(11)];
  const cases: Array<[string, 'legacy' | 'rts', number, number, number[]]> = [
    ['legacy, one service token', 'legacy', 50, 0, [0, 0.5, 0.8, 0.9]],
    ['legacy, per-person sign-in', 'legacy', 50, 0, [0.1, 0.3]],
    ['legacy, non-Marketplace app', 'legacy', 1, 0, [0.5, 0.9]],
    ['RTS, workspace at 10/min', 'rts', 50, 10, [0]],
    ['RTS, workspace at 400/min', 'rts', 50, 400, [0, 0.5]],
  ];
  const byCase: string[][] = [];
  for (const [name, backend, conversation, rts, hits] of cases)
    for (const h of hits) {
      const r = closedForm(backend, h, conversation, rts);
      byCase.push([name, `${Math.round(h * 100)}%`, fmt(r.agents), fmt(r.people), r.binding]);
    }
  rows.unshift(...byCase);
  return formatTable(['backend', 'cache hit rate', 'agents', 'people', 'limit that binds first'], rows);
}

const BASE: SimConfig = {
  agents: 20,
  perAgentPerMin: PER_AGENT,
  heavyFactor: HEAVY,
  mix: MIX,
  backend: 'legacy',
  perPerson: false,
  replicas: 1,
  shared: true,
  universe: 3000,
  zipf: 1.1,
  ttlS: 60,
  deadlineS: 10,
  limits: LIMITS,
  minutes: 10,
  seed: 36,
};

/** The most agents served with at most 1% of requests refused (429), by doubling then halving the step. */
function capacity(config: SimConfig): number {
  const ok = (agents: number) => {
    const r = simulate({ ...config, agents });
    return r.refused <= 0.01 * r.requests;
  };
  let lo = 1;
  let hi = 2;
  while (ok(hi) && hi < 20_000) [lo, hi] = [hi, hi * 2];
  while (hi - lo > Math.max(1, lo * 0.05)) {
    const mid = Math.floor((lo + hi) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

const SCENARIOS: Array<[string, Partial<SimConfig>]> = [
  ['legacy, service token, 1 replica', {}],
  ['legacy, service token, 3 replicas, Redis', { replicas: 3 }],
  ['legacy, service token, 3 replicas, memory', { replicas: 3, shared: false }],
  ['legacy, per-person sign-in, 3 replicas, Redis', { replicas: 3, perPerson: true }],
  ['RTS (400/min a workspace), 3 replicas, Redis', { replicas: 3, backend: 'rts' }],
  [
    'RTS (10/min a workspace), 3 replicas, Redis',
    { replicas: 3, backend: 'rts', limits: { ...LIMITS, rtsWorkspace: 10 } },
  ],
];

function simulationTable(): string {
  const rows: string[][] = [];
  for (const [name, change] of SCENARIOS) {
    const config = { ...BASE, ...change };
    const agents = capacity(config);
    const at = simulate({ ...config, agents });
    const past = simulate({ ...config, agents: agents * 2 });
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    rows.push([
      name,
      String(agents),
      String(Math.round(agents / ACTIVE)),
      pct(at.hitRate),
      at.p95WaitS.toFixed(1),
      pct(past.refused / past.requests),
      `${pct(past.refusedLight)} / ${pct(past.refusedHeavy)}`,
      String(past.slack429),
    ]);
  }
  return formatTable(
    [
      'scenario',
      'agents (≤1% refused)',
      'people',
      'answered without Slack',
      'p95 wait (s)',
      'at 2× agents: refused',
      'refused, ordinary / heavy agents',
      'Slack 429s at 2×',
    ],
    rows,
  );
}

console.log(
  `\n## Capacity of one workspace (agents: ${PER_AGENT} calls a minute, 1 in 10 at ${HEAVY}×; people: agents ÷ ${ACTIVE} active at peak)\n`,
);
console.log('Closed form, by the cache hit rate (an input here):\n');
console.log(closedFormTable());
console.log(
  `\nSimulated (${BASE.minutes} min after a 2 min warm-up; ${BASE.universe} distinct questions, Zipf ${BASE.zipf}; answers reused ${BASE.ttlS} s; deadline ${BASE.deadlineS} s; the hit rate comes out of it):\n`,
);
console.log(simulationTable());
console.log(
  `\nOurs, not Slack's: a directory search over 30,000 people costs ~${US.directorySearchMs} ms of CPU (${Math.round(1000 / US.directorySearchMs)} a second a core); a cache hit ~${Math.round(1e6 / US.hitPerS)} µs.`,
);
